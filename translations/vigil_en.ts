<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AlarmTreeModel</name>
    <message numerus="yes">
        <source>%1 (%n alarm(s))</source>
        <translation>
            <numerusform>%1 (%n alarm)</numerusform>
            <numerusform>%1 (%n alarms)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Raised %1 (%n time(s) in all)</source>
        <translation>
            <numerusform>Raised %1 (%n time in all)</numerusform>
            <numerusform>Raised %1 (%n times in all)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of running jobs at risk</source>
        <translation>
            <numerusform>%n GPU of running jobs at risk</numerusform>
            <numerusform>%n GPUs of running jobs at risk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n GPU(s) of the rack</source>
        <translation>
            <numerusform>%1: %n GPU of the rack</numerusform>
            <numerusform>%1: %n GPUs of the rack</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) of the rack</source>
        <translation>
            <numerusform>%1: %n node of the rack</numerusform>
            <numerusform>%1: %n nodes of the rack</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EntityDetails</name>
    <message numerus="yes">
        <source>More from the exporter (%n field(s))</source>
        <translation>
            <numerusform>More from the exporter (%n field)</numerusform>
            <numerusform>More from the exporter (%n fields)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Split by MIG into %n instance(s): each one&apos;s readings are below.</source>
        <translation>
            <numerusform>Split by MIG into %n instance: its readings are below.</numerusform>
            <numerusform>Split by MIG into %n instances: each one&apos;s readings are below.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG instances (%n)</source>
        <translation>
            <numerusform>MIG instance (%n)</numerusform>
            <numerusform>MIG instances (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportRenderer</name>
    <message numerus="yes">
        <source>Trends over the last %n period(s)</source>
        <translation>
            <numerusform>Trends over the last %n period</numerusform>
            <numerusform>Trends over the last %n periods</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>caused %n incident(s)</source>
        <translation>
            <numerusform>caused %n incident</numerusform>
            <numerusform>caused %n incidents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln hardware failure(s) in the fleet, whether or not a job ran there: %1 per 1,000 GPU-days.</source>
        <translation>
            <numerusform>%Ln hardware failure in the fleet, whether or not a job ran there: %1 per 1,000 GPU-days.</numerusform>
            <numerusform>%Ln hardware failures in the fleet, whether or not a job ran there: %1 per 1,000 GPU-days.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln hands-on action(s) (drains, restarts by hand, hot-patches, thresholds changed), %1 of them at night (%2); %3 acknowledgements, shelves and notes besides; %4 operator-hours in all; %5 answered a failure.</source>
        <translation>
            <numerusform>%Ln hands-on action (drains, restarts by hand, hot-patches, thresholds changed), %1 of them at night (%2); %3 acknowledgements, shelves and notes besides; %4 operator-hours in all; %5 answered a failure.</numerusform>
            <numerusform>%Ln hands-on actions (drains, restarts by hand, hot-patches, thresholds changed), %1 of them at night (%2); %3 acknowledgements, shelves and notes besides; %4 operator-hours in all; %5 answered a failure.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more like it</source>
        <translation>
            <numerusform>%1 and %n more like it</numerusform>
            <numerusform>%1 and %n more like it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s) on %1 GPUs over %2 GPU-days: %3 per 1,000 GPU-days; one GPU&apos;s mean time between failures is %4 hours.</source>
        <translation>
            <numerusform>%Ln failure on %1 GPUs over %2 GPU-days: %3 per 1,000 GPU-days; one GPU&apos;s mean time between failures is %4 hours.</numerusform>
            <numerusform>%Ln failures on %1 GPUs over %2 GPU-days: %3 per 1,000 GPU-days; one GPU&apos;s mean time between failures is %4 hours.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s)</source>
        <translation>
            <numerusform>%Ln failure</numerusform>
            <numerusform>%Ln failures</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of these stand(s) above the base rate of its kind (marked •); the rest are listed by chance.</source>
        <translation>
            <numerusform>%n of these stands above the base rate of its kind (marked •); the rest are listed by chance.</numerusform>
            <numerusform>%n of these stand above the base rate of their kind (marked •); the rest are listed by chance.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VigilReport</name>
    <message numerus="yes">
        <source>; %Ln hardware failure(s) in the fleet (%1 per 1,000 GPU-days)</source>
        <translation>
            <numerusform>; %Ln hardware failure in the fleet (%1 per 1,000 GPU-days)</numerusform>
            <numerusform>; %Ln hardware failures in the fleet (%1 per 1,000 GPU-days)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::AlarmCountLabel</name>
    <message numerus="yes">
        <source>▲ %n unacknowledged then</source>
        <translation>
            <numerusform>▲ %n unacknowledged then</numerusform>
            <numerusform>▲ %n unacknowledged then</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>live: ▲ %n unacknowledged now</source>
        <translation>
            <numerusform>live: ▲ %n unacknowledged now</numerusform>
            <numerusform>live: ▲ %n unacknowledged now</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>▲ %n unacknowledged</source>
        <translation>
            <numerusform>▲ %n unacknowledged</numerusform>
            <numerusform>▲ %n unacknowledged</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::AlarmDock</name>
    <message numerus="yes">
        <source>%1: %2 alarm groups to look at per 10 min per operator, from %n alarm(s) (ISA-18.2: about 1 is manageable, over 10 is a flood) · busiest 10 min: %3</source>
        <translation>
            <numerusform>%1: %2 alarm groups to look at per 10 min per operator, from %n alarm (ISA-18.2: about 1 is manageable, over 10 is a flood) · busiest 10 min: %3</numerusform>
            <numerusform>%1: %2 alarm groups to look at per 10 min per operator, from %n alarms (ISA-18.2: about 1 is manageable, over 10 is a flood) · busiest 10 min: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged</source>
        <translation>
            <numerusform>%n unacknowledged</numerusform>
            <numerusform>%n unacknowledged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n chattering</source>
        <translation>
            <numerusform> · %n chattering</numerusform>
            <numerusform> · %n chattering</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n standing for over a day</source>
        <translation>
            <numerusform> · %n standing for over a day</numerusform>
            <numerusform> · %n standing for over a day</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged · stale: no gateway since %1</source>
        <translation>
            <numerusform>%n unacknowledged · stale: no gateway since %1</numerusform>
            <numerusform>%n unacknowledged · stale: no gateway since %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged at the replayed instant</source>
        <translation>
            <numerusform>%n unacknowledged at the replayed instant</numerusform>
            <numerusform>%n unacknowledged at the replayed instant</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: done on %2; not on %n: %3</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alarms of %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alarms</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::DebtTableModel</name>
    <message numerus="yes">
        <source>%1 on %2 since %3 (%4 ago), last at %5. If it fails, it takes %n GPU(s) of running jobs with it.</source>
        <translation>
            <numerusform>%1 on %2 since %3 (%4 ago), last at %5. If it fails, it takes %n GPU of running jobs with it.</numerusform>
            <numerusform>%1 on %2 since %3 (%4 ago), last at %5. If it fails, it takes %n GPUs of running jobs with it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::FleetTableModel</name>
    <message numerus="yes">
        <source>lemon position %1 (%Ln different part(s) named)</source>
        <translation>
            <numerusform>lemon position %1 (%Ln different part named)</numerusform>
            <numerusform>lemon position %1 (%Ln different parts named)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>lemon part %1 (failed in %Ln slot(s))</source>
        <translation>
            <numerusform>lemon part %1 (failed in %Ln slot)</numerusform>
            <numerusform>lemon part %1 (failed in %Ln slots)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::IncidentDock</name>
    <message numerus="yes">
        <source>%n event(s) about jobs or entities the topology does not know, skipped</source>
        <translation>
            <numerusform>%n event about jobs or entities the topology does not know, skipped</numerusform>
            <numerusform>%n events about jobs or entities the topology does not know, skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate event(s) ignored</source>
        <translation>
            <numerusform>%n duplicate event ignored</numerusform>
            <numerusform>%n duplicate events ignored</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::IncidentTableModel</name>
    <message numerus="yes">
        <source>%1 on %2 from %3 (%n time(s)), %4</source>
        <translation>
            <numerusform>%1 on %2 from %3 (%n time), %4</numerusform>
            <numerusform>%1 on %2 from %3 (%n times), %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::MainWindow</name>
    <message numerus="yes">
        <source>%n new alarm(s) to acknowledge, the highest %1</source>
        <translation>
            <numerusform>%n new alarm to acknowledge, the highest %1</numerusform>
            <numerusform>%n new alarms to acknowledge, the highest %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::RackMapPresenter</name>
    <message numerus="yes">
        <source>Incidents at their cause, %1 (%Ln without a cause not drawn)</source>
        <translation>
            <numerusform>Incidents at their cause, %1 (%Ln without a cause not drawn)</numerusform>
            <numerusform>Incidents at their cause, %1 (%Ln without a cause not drawn)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::ReportWindow</name>
    <message numerus="yes">
        <source>%n page(s): %1 GPU-hours lost, %2, in %3 disruptions.</source>
        <translation>
            <numerusform>%n page: %1 GPU-hours lost, %2, in %3 disruptions.</numerusform>
            <numerusform>%n pages: %1 GPU-hours lost, %2, in %3 disruptions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Written: %n table(s) into %1</source>
        <translation>
            <numerusform>Written: %n table into %1</numerusform>
            <numerusform>Written: %n tables into %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::SourcesDock</name>
    <message numerus="yes">
        <source>%n source(s), all reading. (%1)</source>
        <translation>
            <numerusform>%n source, all reading. (%1)</numerusform>
            <numerusform>%n sources, all reading. (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s); %1 with rejected lines or an error — open one to see why. (%2)</source>
        <translation>
            <numerusform>%n source; %1 with rejected lines or an error — open one to see why. (%2)</numerusform>
            <numerusform>%n sources; %1 with rejected lines or an error — open one to see why. (%2)</numerusform>
        </translation>
    </message>
</context>
</TS>
