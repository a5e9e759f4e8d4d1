<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AlarmTreeModel</name>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>UNACKNOWLEDGED</source>
        <translation>UNBESTÄTIGT</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>bestätigt</translation>
    </message>
    <message>
        <source>returned, unacknowledged</source>
        <translation>zurückgekehrt, unbestätigt</translation>
    </message>
    <message>
        <source>shelved</source>
        <translation>zurückgestellt</translation>
    </message>
    <message>
        <source>suppressed (drained)</source>
        <translation>unterdrückt (entleert)</translation>
    </message>
    <message>
        <source>out of service</source>
        <translation>außer Betrieb</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>Incident: %1, %2 at %3</source>
        <translation>Vorfall: %1, %2 um %3</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n alarm(s))</source>
        <translation>
            <numerusform>%1 (%n Alarm)</numerusform>
            <numerusform>%1 (%n Alarme)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Raised %1 (%n time(s) in all)</source>
        <translation>
            <numerusform>Ausgelöst %1 (insgesamt %n Mal)</numerusform>
            <numerusform>Ausgelöst %1 (insgesamt %n Mal)</numerusform>
        </translation>
    </message>
    <message>
        <source>Acknowledged by %1 at %2</source>
        <translation>Bestätigt von %1 um %2</translation>
    </message>
    <message>
        <source>Shelved by %1 until %2</source>
        <translation>Zurückgestellt von %1 bis %2</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of running jobs at risk</source>
        <translation>
            <numerusform>%n GPU laufender Jobs gefährdet</numerusform>
            <numerusform>%n GPUs laufender Jobs gefährdet</numerusform>
        </translation>
    </message>
    <message>
        <source>Escalated</source>
        <translation>Eskaliert</translation>
    </message>
    <message>
        <source>%1 ↑</source>
        <translation>%1 ↑</translation>
    </message>
    <message>
        <source>shelved until %1</source>
        <translation>zurückgestellt bis %1</translation>
    </message>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>%1 (%2 GPUs)</source>
        <translation>%1 (%2 GPUs)</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Alarm</source>
        <translation>Alarm</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Job at risk</source>
        <translation>Gefährdeter Job</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Zuständig</translation>
    </message>
    <message>
        <source>Latest comment</source>
        <translation>Letzter Kommentar</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 an %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>GPU above 85 °C</source>
        <translation>GPU über 85 °C</translation>
    </message>
    <message>
        <source>HBM above 95 °C</source>
        <translation>HBM über 95 °C</translation>
    </message>
    <message>
        <source>inlet air above 32 °C</source>
        <translation>Zuluft über 32 °C</translation>
    </message>
    <message>
        <source>PDU above 90 % of its rating</source>
        <translation>PDU über 90 % der Nennleistung</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n GPU(s) of the rack</source>
        <translation>
            <numerusform>%1: %n GPU des Racks</numerusform>
            <numerusform>%1: %n GPUs des Racks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) of the rack</source>
        <translation>
            <numerusform>%1: %n Knoten des Racks</numerusform>
            <numerusform>%1: %n Knoten des Racks</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in row %2</source>
        <translation>%1 in Reihe %2</translation>
    </message>
    <message>
        <source>%1, scattered</source>
        <translation>%1, verstreut</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>--%1: &apos;%2&apos; is not %3</source>
        <translation>--%1: „%2“ ist ungültig, erwartet: %3</translation>
    </message>
</context>
<context>
    <name>EntityDetails</name>
    <message>
        <source>&lt;p&gt;Click a GPU on the rack map, or search for one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Eine GPU im Rackplan anklicken oder nach einer suchen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>GPU %1 of %2</source>
        <translation>GPU %1 von %2</translation>
    </message>
    <message>
        <source>UUID</source>
        <translation>UUID</translation>
    </message>
    <message>
        <source>PCI</source>
        <translation>PCI</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>%1, row %2, rack %3, slot %4</source>
        <translation>%1, Reihe %2, Rack %3, Slot %4</translation>
    </message>
    <message>
        <source>PDU %1</source>
        <translation>PDU %1</translation>
    </message>
    <message>
        <source>no reading (rated %1 kW)</source>
        <translation>kein Messwert (Nennleistung %1 kW)</translation>
    </message>
    <message>
        <source>%1 kW of %2 kW (%3 %)</source>
        <translation>%1 kW von %2 kW (%3 %)</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>Kühlung</translation>
    </message>
    <message>
        <source>Leaf switch</source>
        <translation>Leaf-Switch</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>%1 (%2), %3 GPUs, DP %4 × TP %5 × PP %6</source>
        <translation>%1 (%2), %3 GPUs, DP %4 × TP %5 × PP %6</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>step %1, loss %2, step time %3</source>
        <translation>Schritt %1, Loss %2, Schrittzeit %3</translation>
    </message>
    <message>
        <source>none (idle)</source>
        <translation>keiner (Leerlauf)</translation>
    </message>
    <message>
        <source>Recent events</source>
        <translation>Letzte Ereignisse</translation>
    </message>
    <message>
        <source>none received</source>
        <translation>keine empfangen</translation>
    </message>
    <message>
        <source>Rack %1</source>
        <translation>Rack %1</translation>
    </message>
    <message>
        <source>Inlet air</source>
        <translation>Zuluft</translation>
    </message>
    <message>
        <source>%1, supply %2</source>
        <translation>%1, Vorlauf %2</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>%1 nodes, %2 GPUs</source>
        <translation>%1 Knoten, %2 GPUs</translation>
    </message>
    <message>
        <source>Hottest GPU</source>
        <translation>Heißeste GPU</translation>
    </message>
    <message>
        <source>%1 on GPU %2 of %3</source>
        <translation>%1 an GPU %2 von %3</translation>
    </message>
    <message>
        <source>Silent GPUs</source>
        <translation>Stumme GPUs</translation>
    </message>
    <message>
        <source>%1 without a reading</source>
        <translation>%1 ohne Messwert</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>unknown: its GPUs report, but the topology does not list them</source>
        <translation>unbekannt: die GPUs melden sich, stehen aber nicht in der Topologie</translation>
    </message>
    <message>
        <source>%1, row %2, position %3%4</source>
        <translation>%1, Reihe %2, Position %3%4</translation>
    </message>
    <message>
        <source> (assumed: the topology gives none)</source>
        <translation> (angenommen: die Topologie nennt keine)</translation>
    </message>
    <message>
        <source>thermal slowdown</source>
        <translation>thermisch gedrosselt</translation>
    </message>
    <message>
        <source>power cap</source>
        <translation>Leistungsgrenze</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>Leistungsbremse</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>Clocks held down by</source>
        <translation>Takt gebremst durch</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU-Temperatur</translation>
    </message>
    <message>
        <source>HBM temperature</source>
        <translation>HBM-Temperatur</translation>
    </message>
    <message>
        <source>GPU power draw</source>
        <translation>GPU-Leistungsaufnahme</translation>
    </message>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU-Auslastung</translation>
    </message>
    <message>
        <source>Framebuffer memory used</source>
        <translation>Belegter Grafikspeicher</translation>
    </message>
    <message>
        <source>Rack cold-aisle inlet temperature</source>
        <translation>Zulufttemperatur (Kaltgang) des Racks</translation>
    </message>
    <message>
        <source>PDU load</source>
        <translation>PDU-Last</translation>
    </message>
    <message>
        <source>Cooling loop supply temperature</source>
        <translation>Vorlauftemperatur des Kühlkreises</translation>
    </message>
    <message>
        <source>Serial</source>
        <translation>Seriennummer</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Treiber</translation>
    </message>
    <message numerus="yes">
        <source>More from the exporter (%n field(s))</source>
        <translation>
            <numerusform>Mehr vom Exporter (%n Feld)</numerusform>
            <numerusform>Mehr vom Exporter (%n Felder)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Split by MIG into %n instance(s): each one&apos;s readings are below.</source>
        <translation>
            <numerusform>Per MIG in %n Instanz geteilt: ihre Messwerte stehen unten.</numerusform>
            <numerusform>Per MIG in %n Instanzen geteilt: die Messwerte jeder Instanz stehen unten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG instances (%n)</source>
        <translation>
            <numerusform>MIG-Instanz (%n)</numerusform>
            <numerusform>MIG-Instanzen (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · instance %2</source>
        <translation>%1 · Instanz %2</translation>
    </message>
    <message>
        <source>per instance, below</source>
        <translation>je Instanz, unten</translation>
    </message>
    <message>
        <source>SM clock</source>
        <translation>SM-Takt</translation>
    </message>
    <message>
        <source>Tensor pipes busy</source>
        <translation>Tensor-Einheiten ausgelastet</translation>
    </message>
</context>
<context>
    <name>EventDescription</name>
    <message>
        <source>Xid</source>
        <translation>Xid</translation>
    </message>
    <message>
        <source>Correctable ECC</source>
        <translation>Korrigierbarer ECC-Fehler</translation>
    </message>
    <message>
        <source>Uncorrectable ECC</source>
        <translation>Nicht korrigierbarer ECC-Fehler</translation>
    </message>
    <message>
        <source>Row remap</source>
        <translation>Zeilen-Remapping</translation>
    </message>
    <message>
        <source>Thermal throttle</source>
        <translation>Thermische Drosselung</translation>
    </message>
    <message>
        <source>Power throttle</source>
        <translation>Leistungsdrosselung</translation>
    </message>
    <message>
        <source>Link CRC errors</source>
        <translation>Link-CRC-Fehler</translation>
    </message>
    <message>
        <source>IB link flap</source>
        <translation>IB-Link-Flattern</translation>
    </message>
    <message>
        <source>PDU overload</source>
        <translation>PDU-Überlast</translation>
    </message>
    <message>
        <source>Inlet/coolant temperature</source>
        <translation>Zuluft-/Kühlmitteltemperatur</translation>
    </message>
    <message>
        <source>Job started</source>
        <translation>Job gestartet</translation>
    </message>
    <message>
        <source>Checkpoint saved</source>
        <translation>Checkpoint gespeichert</translation>
    </message>
    <message>
        <source>Job crashed</source>
        <translation>Job abgestürzt</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>Speicher erschöpft</translation>
    </message>
    <message>
        <source>NCCL timeout</source>
        <translation>NCCL-Zeitüberschreitung</translation>
    </message>
    <message>
        <source>Automated restart</source>
        <translation>Automatischer Neustart</translation>
    </message>
    <message>
        <source>Rollback</source>
        <translation>Rücksprung</translation>
    </message>
    <message>
        <source>Job ended</source>
        <translation>Job beendet</translation>
    </message>
    <message>
        <source>Acknowledged</source>
        <translation>Quittiert</translation>
    </message>
    <message>
        <source>Shelved</source>
        <translation>Zurückgestellt</translation>
    </message>
    <message>
        <source>Manual restart</source>
        <translation>Manueller Neustart</translation>
    </message>
    <message>
        <source>Threshold changed</source>
        <translation>Schwelle geändert</translation>
    </message>
    <message>
        <source>Drained</source>
        <translation>Entleert</translation>
    </message>
    <message>
        <source>Hot-patch</source>
        <translation>Hot-Patch</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Unknown event</source>
        <translation>Unbekanntes Ereignis</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>unrated</source>
        <translation>unbewertet</translation>
    </message>
    <message>
        <source>training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation>Evaluierung</translation>
    </message>
    <message>
        <source>background</source>
        <translation>Hintergrund</translation>
    </message>
    <message>
        <source>unclassified</source>
        <translation>nicht eingestuft</translation>
    </message>
    <message>
        <source>GPU %1 of %2</source>
        <translation>GPU %1 von %2</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>Knoten %1</translation>
    </message>
    <message>
        <source>rack %1</source>
        <translation>Rack %1</translation>
    </message>
    <message>
        <source>PDU %1</source>
        <translation>PDU %1</translation>
    </message>
    <message>
        <source>cooling loop %1</source>
        <translation>Kühlkreis %1</translation>
    </message>
    <message>
        <source>switch %1</source>
        <translation>Switch %1</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>Job %1</translation>
    </message>
    <message>
        <source>the cluster</source>
        <translation>der Cluster</translation>
    </message>
    <message>
        <source>unknown entity %1</source>
        <translation>unbekannte Einheit %1</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>Assigned</source>
        <translation>Zugewiesen</translation>
    </message>
    <message>
        <source>Escalated</source>
        <translation>Eskaliert</translation>
    </message>
    <message>
        <source>Unshelved</source>
        <translation>Zurückgestellt aufgehoben</translation>
    </message>
    <message>
        <source>Removed from service</source>
        <translation>Außer Betrieb genommen</translation>
    </message>
    <message>
        <source>Returned to service</source>
        <translation>Wieder in Betrieb</translation>
    </message>
    <message>
        <source>Back in service</source>
        <translation>Wieder im Einsatz</translation>
    </message>
    <message>
        <source>PCIe replays</source>
        <translation>PCIe-Wiederholungen</translation>
    </message>
    <message>
        <source>MIG %1 (instance %2) of GPU %3 of %4</source>
        <translation>MIG %1 (Instanz %2) der GPU %3 von %4</translation>
    </message>
    <message>
        <source>Slower than its peers</source>
        <translation>Langsamer als seine Peers</translation>
    </message>
    <message>
        <source>Exporter slow to answer</source>
        <translation>Exporter antwortet langsam</translation>
    </message>
    <message>
        <source>Readings missing</source>
        <translation>Messwerte fehlen</translation>
    </message>
    <message>
        <source>Series vanished</source>
        <translation>Zeitreihe verschwunden</translation>
    </message>
    <message>
        <source>GPU silent, node answering</source>
        <translation>GPU stumm, Knoten antwortet</translation>
    </message>
    <message>
        <source>Failed again after repair</source>
        <translation>Nach Reparatur erneut ausgefallen</translation>
    </message>
    <message>
        <source>Xid policy threshold</source>
        <translation>Xid-Richtlinie: Schwelle erreicht</translation>
    </message>
    <message>
        <source>Repaired</source>
        <translation>Repariert</translation>
    </message>
    <message>
        <source>Handed off</source>
        <translation>Übergeben</translation>
    </message>
    <message>
        <source>Hand-off answered</source>
        <translation>Übergabe beantwortet</translation>
    </message>
    <message>
        <source>NVLink domain degraded</source>
        <translation>NVLink-Domäne geschwächt</translation>
    </message>
</context>
<context>
    <name>GatewayCommandLine</name>
    <message>
        <source>GPUs in the simulated cluster, 1 to 100000 (default 2048).</source>
        <translation>GPUs im simulierten Cluster, 1 bis 100000 (Standard 2048).</translation>
    </message>
    <message>
        <source>Simulator seed; the same seed gives the same stream (default 1).</source>
        <translation>Startwert des Simulators; derselbe Wert ergibt denselben Datenstrom (Standard 1).</translation>
    </message>
    <message>
        <source>Samples per second of wall time, up to 100 (default 1).</source>
        <translation>Messwerte pro Sekunde Echtzeit, bis 100 (Standard 1).</translation>
    </message>
    <message>
        <source>Simulated seconds per wall-clock second (default 1).</source>
        <translation>Simulierte Sekunden pro Sekunde Echtzeit (Standard 1).</translation>
    </message>
    <message>
        <source>Seconds of journal retained for resuming clients (default 600).</source>
        <translation>Sekunden Journal, die für wiederverbindende Clients aufbewahrt werden (Standard 600).</translation>
    </message>
    <message>
        <source>What the simulated cluster lives through: steady, decline or quiet (default steady; decline for --demo).</source>
        <translation>Was der simulierte Cluster durchlebt: steady, decline oder quiet (Standard steady; decline bei --demo).</translation>
    </message>
    <message>
        <source>Write the simulator&apos;s ground truth (one JSON line per failure) to this file.</source>
        <translation>Die Ground Truth des Simulators (eine JSON-Zeile pro Ausfall) in diese Datei schreiben.</translation>
    </message>
    <message>
        <source>Steps between the training job&apos;s checkpoints (default 500).</source>
        <translation>Schritte zwischen den Checkpoints des Trainingsjobs (Standard 500).</translation>
    </message>
    <message>
        <source>Seconds a checkpoint stalls training (default 20).</source>
        <translation>Sekunden, die ein Checkpoint das Training anhält (Standard 20).</translation>
    </message>
    <message>
        <source>The simulated cluster&apos;s people acknowledge nothing: only a person at a dashboard does. (What they do is always signed &quot;name (simulated)&quot;.)</source>
        <translation>Die simulierten Mitarbeiter des Clusters bestätigen nichts: Das tut nur eine Person am Dashboard. (Was sie tun, ist immer mit „Name (simulated)“ gezeichnet.)</translation>
    </message>
    <message>
        <source>%1: cannot read %2: %3</source>
        <translation>%1: %2 ist nicht lesbar: %3</translation>
    </message>
    <message>
        <source>%1: %2 is empty</source>
        <translation>%1: %2 ist leer</translation>
    </message>
    <message>
        <source>--remote-write-interval: &apos;%1&apos; is not a number of seconds from 0.1 to 3600</source>
        <translation>--remote-write-interval: „%1“ ist keine Sekundenzahl von 0,1 bis 3600</translation>
    </message>
    <message>
        <source>--remote-write-buffer-mb: &apos;%1&apos; is not a number of megabytes from 1 to 1048576</source>
        <translation>--remote-write-buffer-mb: „%1“ ist keine Megabytezahl von 1 bis 1048576</translation>
    </message>
    <message>
        <source>--remote-write-token-file and --remote-write-basic-auth-file: give one way to authenticate</source>
        <translation>--remote-write-token-file und --remote-write-basic-auth-file: nur eine Art der Anmeldung angeben</translation>
    </message>
    <message>
        <source>--remote-write-basic-auth-file: the file must hold user:password</source>
        <translation>--remote-write-basic-auth-file: die Datei muss benutzer:passwort enthalten</translation>
    </message>
    <message>
        <source>--remote-write-ca: cannot read %1</source>
        <translation>--remote-write-ca: %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Send the telemetry on to this Prometheus remote-write endpoint (Prometheus, VictoriaMetrics, Mimir…), under DCGM&apos;s metric names and dcgm-exporter&apos;s labels.</source>
        <translation>Die Telemetrie an diesen Prometheus-Remote-Write-Endpunkt weitersenden (Prometheus, VictoriaMetrics, Mimir…), unter DCGMs Metriknamen und den Labels des dcgm-exporter.</translation>
    </message>
    <message>
        <source>Seconds between sends of every series, like a scrape interval (default 15).</source>
        <translation>Sekunden zwischen zwei Sendungen jeder Zeitreihe, wie ein Scrape-Intervall (Standard 15).</translation>
    </message>
    <message>
        <source>Keep what the endpoint cannot take yet in this folder (kept across restarts).</source>
        <translation>Was der Endpunkt noch nicht annehmen kann, in diesem Ordner aufbewahren (übersteht Neustarts).</translation>
    </message>
    <message>
        <source>At most this much waits for the endpoint; beyond it the oldest is dropped and reported as a gap (default 256).</source>
        <translation>Höchstens so viel wartet auf den Endpunkt; darüber hinaus wird das Älteste verworfen und als Lücke gemeldet (Standard 256).</translation>
    </message>
    <message>
        <source>The remote-write endpoint&apos;s bearer token, from this file.</source>
        <translation>Das Bearer-Token des Remote-Write-Endpunkts, aus dieser Datei.</translation>
    </message>
    <message>
        <source>The remote-write endpoint&apos;s user:password, from this file.</source>
        <translation>benutzer:passwort des Remote-Write-Endpunkts, aus dieser Datei.</translation>
    </message>
    <message>
        <source>The CA (PEM) the remote-write endpoint&apos;s certificate must chain to.</source>
        <translation>Die CA (PEM), auf die das Zertifikat des Remote-Write-Endpunkts zurückgehen muss.</translation>
    </message>
    <message>
        <source>The simulated cluster is this pod of a larger one: its halls, racks, nodes and jobs named NAME-…, its GPUs its own (for an aggregator&apos;s --upstream).</source>
        <translation>Der simulierte Cluster ist dieser Pod eines größeren: Hallen, Racks, Knoten und Jobs heißen NAME-…, seine GPUs sind eigene (für --upstream eines Aggregators).</translation>
    </message>
    <message>
        <source>The cluster label of every series (default: the topology&apos;s cluster name).</source>
        <translation>Das cluster-Label jeder Zeitreihe (Vorgabe: der Clustername der Topologie).</translation>
    </message>
    <message>
        <source>The job label of the GPUs&apos; and nodes&apos; series, as a scrape job would name them (default dcgm-exporter).</source>
        <translation>Das job-Label der Zeitreihen der GPUs und Knoten, wie ein Scrape-Job sie benennen würde (Vorgabe dcgm-exporter).</translation>
    </message>
    <message>
        <source>The simulated cluster&apos;s first instant (2026-11-02, 2026-11-02T06:00). Default: now, when --speed is 1; otherwise 2026-11-02.</source>
        <translation>Der erste Zeitpunkt des simulierten Clusters (2026-11-02, 2026-11-02T06:00). Vorgabe: jetzt, wenn --speed 1 ist; sonst 2026-11-02.</translation>
    </message>
    <message>
        <source>Push the alarms to this Alertmanager (its URL; repeatable): firing ones every round, cleared ones as resolved.</source>
        <translation>Die Alarme an diesen Alertmanager senden (seine URL; wiederholbar): aktive in jeder Runde, gelöschte als erledigt.</translation>
    </message>
    <message>
        <source>Send each change of the alarms to this Alertmanager-compatible webhook (payload version 4; repeatable).</source>
        <translation>Jede Änderung der Alarme an diesen Alertmanager-kompatiblen Webhook senden (Nutzlast Version 4; wiederholbar).</translation>
    </message>
    <message>
        <source>Trigger, acknowledge and resolve an incident per alarm with PagerDuty&apos;s Events API v2: its URL, a comma, and the file holding the integration key.</source>
        <translation>Pro Alarm einen Vorfall über PagerDutys Events API v2 auslösen, bestätigen und erledigen: ihre URL, ein Komma und die Datei mit dem Integrationsschlüssel.</translation>
    </message>
    <message>
        <source>Seconds between rounds to those targets (default 15).</source>
        <translation>Sekunden zwischen den Runden an diese Ziele (Standard 15).</translation>
    </message>
    <message>
        <source>--alarms-out-interval: &apos;%1&apos; is not a number of seconds from 1 to 3600</source>
        <translation>--alarms-out-interval: „%1“ ist keine Sekundenzahl von 1 bis 3600</translation>
    </message>
    <message>
        <source>--pagerduty wants URL,KEYFILE (the events URL and the file holding the integration key), not &apos;%1&apos;</source>
        <translation>--pagerduty erwartet URL,SCHLÜSSELDATEI (die Events-URL und die Datei mit dem Integrationsschlüssel), nicht „%1“</translation>
    </message>
    <message>
        <source>Annotate this Grafana with job crashes, restarts, rollbacks and incidents (a region from crash to restart).</source>
        <translation>Dieses Grafana mit Job-Abstürzen, Neustarts, Rollbacks und Vorfällen annotieren (ein Bereich vom Absturz bis zum Neustart).</translation>
    </message>
    <message>
        <source>Grafana&apos;s service account token, from this file.</source>
        <translation>Das Token von Grafanas Dienstkonto, aus dieser Datei.</translation>
    </message>
    <message>
        <source>Put the annotations on this dashboard only (its UID).</source>
        <translation>Die Annotationen nur auf dieses Dashboard setzen (seine UID).</translation>
    </message>
</context>
<context>
    <name>GpuDescription</name>
    <message>
        <source>GPU %1 of %2</source>
        <translation>GPU %1 von %2</translation>
    </message>
    <message>
        <source>Rack %1, %2</source>
        <translation>Rack %1, %2</translation>
    </message>
    <message>
        <source>Job %1 (%2)</source>
        <translation>Job %1 (%2)</translation>
    </message>
    <message>
        <source>No job (idle)</source>
        <translation>Kein Job (im Leerlauf)</translation>
    </message>
    <message>
        <source>Temperature %1 · HBM %2</source>
        <translation>Temperatur %1 · HBM %2</translation>
    </message>
    <message>
        <source>Power %1 · Utilisation %2</source>
        <translation>Leistung %1 · Auslastung %2</translation>
    </message>
    <message>
        <source>Memory used %1 of %2</source>
        <translation>Speicher belegt %1 von %2</translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>GPU temperature</source>
        <translation>GPU-Temperatur</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU-Leistung</translation>
    </message>
    <message>
        <source>PDU load of rating</source>
        <translation>PDU-Last in % der Nennleistung</translation>
    </message>
    <message>
        <source>HBM temperature</source>
        <translation>HBM-Temperatur</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>Speicherbelegung</translation>
    </message>
    <message>
        <source>Inlet temperature</source>
        <translation>Zulufttemperatur</translation>
    </message>
    <message>
        <source>By job</source>
        <translation>Nach Job</translation>
    </message>
    <message>
        <source>%1 vs rack median</source>
        <translation>%1 ggü. Rack-Median</translation>
    </message>
    <message>
        <source>Alarms</source>
        <translation>Alarme</translation>
    </message>
    <message>
        <source>clear</source>
        <translation>ruhig</translation>
    </message>
    <message>
        <source>Hardware errors</source>
        <translation>Hardwarefehler</translation>
    </message>
    <message>
        <source>per hour</source>
        <translation>pro Stunde</translation>
    </message>
    <message>
        <source>Throttling</source>
        <translation>Drosselung</translation>
    </message>
    <message>
        <source>not throttled</source>
        <translation>nicht gedrosselt</translation>
    </message>
    <message>
        <source>power capped</source>
        <translation>Leistung begrenzt</translation>
    </message>
    <message>
        <source>thermal slowdown</source>
        <translation>thermisch gedrosselt</translation>
    </message>
    <message>
        <source>Data age</source>
        <translation>Datenalter</translation>
    </message>
    <message>
        <source>shelved or out of service</source>
        <translation>zurückgestellt oder außer Betrieb</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>bestätigt</translation>
    </message>
    <message>
        <source>unacknowledged</source>
        <translation>unbestätigt</translation>
    </message>
    <message>
        <source>unacknowledged, high or critical</source>
        <translation>unbestätigt, hoch oder kritisch</translation>
    </message>
    <message>
        <source>Hardware failures</source>
        <translation>Hardwareausfälle</translation>
    </message>
    <message>
        <source>failures</source>
        <translation>Ausfälle</translation>
    </message>
    <message>
        <source>the last 24 hours</source>
        <translation>die letzten 24 Stunden</translation>
    </message>
    <message>
        <source>the last 7 days</source>
        <translation>die letzten 7 Tage</translation>
    </message>
    <message>
        <source>the last 30 days</source>
        <translation>die letzten 30 Tage</translation>
    </message>
    <message>
        <source>the whole history</source>
        <translation>die ganze Geschichte</translation>
    </message>
    <message>
        <source>Lost GPU-hours</source>
        <translation>Verlorene GPU-Stunden</translation>
    </message>
    <message>
        <source>GPU-h</source>
        <translation>GPU-h</translation>
    </message>
    <message>
        <source>Hardware errors over a span</source>
        <translation>Hardwarefehler über einen Zeitraum</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Alarms raised</source>
        <translation>Ausgelöste Alarme</translation>
    </message>
    <message>
        <source>alarms</source>
        <translation>Alarme</translation>
    </message>
    <message>
        <source>Incidents</source>
        <translation>Vorfälle</translation>
    </message>
    <message>
        <source>incidents</source>
        <translation>Vorfälle</translation>
    </message>
    <message>
        <source>the timeline&apos;s selection</source>
        <translation>die Auswahl auf der Zeitleiste</translation>
    </message>
    <message>
        <source>Slower than its peers</source>
        <translation>Langsamer als seine Peers</translation>
    </message>
    <message>
        <source>Next to fail (chance within 72 h)</source>
        <translation>Als Nächstes ausfallend (Wahrscheinlichkeit in 72 h)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Save the incident bundle</source>
        <translation>Vorfallpaket speichern</translation>
    </message>
    <message>
        <source>Vigil recordings (*.vigil)</source>
        <translation>Vigil-Aufzeichnungen (*.vigil)</translation>
    </message>
    <message>
        <source>Writing the incident bundle…</source>
        <translation>Vorfallpaket wird geschrieben …</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cannot export the bundle</source>
        <translation>Paket kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Incident bundle written</source>
        <translation>Vorfallpaket geschrieben</translation>
    </message>
    <message>
        <source>%1
%2 frames and %3 events, ready to hand over.</source>
        <translation>%1
%2 Frames und %3 Ereignisse, bereit zur Übergabe.</translation>
    </message>
</context>
<context>
    <name>RecordingActions</name>
    <message>
        <source>Open a recording</source>
        <translation>Aufzeichnung öffnen</translation>
    </message>
    <message>
        <source>Vigil recordings (*.vigil *.sqlite);;All files (*)</source>
        <translation>Vigil-Aufzeichnungen (*.vigil *.sqlite);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import an event history</source>
        <translation>Ereignishistorie importieren</translation>
    </message>
    <message>
        <source>Event histories (*.csv *.jsonl *.json);;All files (*)</source>
        <translation>Ereignishistorien (*.csv *.jsonl *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import event history</source>
        <translation>Ereignishistorie importieren</translation>
    </message>
    <message>
        <source>%1 lines read: %2 events imported, %3 already in the recording, %4 lines refused.</source>
        <translation>%1 Zeilen gelesen: %2 Ereignisse importiert, %3 schon in der Aufzeichnung, %4 Zeilen abgelehnt.</translation>
    </message>
    <message>
        <source>Bookmark</source>
        <translation>Lesezeichen</translation>
    </message>
    <message>
        <source>A note for %1 UTC:</source>
        <translation>Notiz für %1 UTC:</translation>
    </message>
    <message>
        <source>Cannot store the bookmark</source>
        <translation>Lesezeichen kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Report on a recording</source>
        <translation>Bericht über eine Aufzeichnung</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Bookmark stored and shared with the NOC.</source>
        <translation>Lesezeichen gespeichert und mit dem NOC geteilt.</translation>
    </message>
    <message>
        <source>Bookmark stored in the recording; not shared with the NOC: %1</source>
        <translation>Lesezeichen in der Aufzeichnung gespeichert; nicht mit dem NOC geteilt: %1</translation>
    </message>
</context>
<context>
    <name>Remedy</name>
    <message>
        <source>Keep watching</source>
        <translation>Weiter beobachten</translation>
    </message>
    <message>
        <source>Hand back to the job&apos;s owner</source>
        <translation>An den Eigentümer des Jobs zurückgeben</translation>
    </message>
    <message>
        <source>Run the diagnostic</source>
        <translation>Diagnose ausführen</translation>
    </message>
    <message>
        <source>Reset the GPU</source>
        <translation>GPU zurücksetzen</translation>
    </message>
    <message>
        <source>Reboot the node</source>
        <translation>Knoten neu starten</translation>
    </message>
    <message>
        <source>Reseat it</source>
        <translation>Neu stecken</translation>
    </message>
    <message>
        <source>Replace it (RMA)</source>
        <translation>Ersetzen (RMA)</translation>
    </message>
    <message>
        <source>Check the cooling</source>
        <translation>Kühlung prüfen</translation>
    </message>
    <message>
        <source>Check the power</source>
        <translation>Stromversorgung prüfen</translation>
    </message>
    <message>
        <source>Check the network link</source>
        <translation>Netzwerkverbindung prüfen</translation>
    </message>
    <message>
        <source>Unknown remedy</source>
        <translation>Unbekannte Maßnahme</translation>
    </message>
    <message>
        <source>Nothing to do on %1 yet: keep watching</source>
        <translation>An %1 noch nichts zu tun: weiter beobachten</translation>
    </message>
    <message>
        <source>Drain %1 now, then: %2</source>
        <translation>%1 jetzt drainen, dann: %2</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s action for Xid %1</source>
        <translation>NVIDIAs Maßnahme für Xid %1</translation>
    </message>
    <message>
        <source>it failed again soon after a repair: the repair did not hold</source>
        <translation>kurz nach einer Reparatur erneut ausgefallen: die Reparatur hat nicht gehalten</translation>
    </message>
    <message>
        <source>the site&apos;s policy for code %1</source>
        <translation>die Richtlinie des Standorts für Code %1</translation>
    </message>
    <message>
        <source>its telemetry went silent, as GPUs do before they fall off the bus</source>
        <translation>ihre Telemetrie verstummte, wie bei GPUs, bevor sie vom Bus fallen</translation>
    </message>
    <message>
        <source>slower than its peers, for a cause the readings do not show</source>
        <translation>langsamer als ihre Peers, aus einem Grund, den die Messwerte nicht zeigen</translation>
    </message>
    <message>
        <source>Hand back to the owner of the job on %1: the program&apos;s fault, not the part&apos;s</source>
        <translation>An den Eigentümer des Jobs auf %1 zurückgeben: ein Fehler des Programms, nicht des Teils</translation>
    </message>
    <message>
        <source>%1 on %2, without draining it</source>
        <translation>%1 an %2, ohne es zu drainen</translation>
    </message>
    <message>
        <source>it warned of: %1</source>
        <translation>es warnte vor: %1</translation>
    </message>
    <message>
        <source>link %1: no bit NVIDIA&apos;s workflow acts on</source>
        <translation>Link %1: kein Bit, auf das NVIDIAs Ablauf reagiert</translation>
    </message>
    <message>
        <source>correctable errors past their threshold, nothing lost</source>
        <translation>korrigierbare Fehler über ihrer Schwelle, nichts verloren</translation>
    </message>
    <message>
        <source>a secondary error: the cause is another Xid or the link&apos;s other end</source>
        <translation>ein Folgefehler: die Ursache ist ein anderer Xid oder das andere Ende des Links</translation>
    </message>
    <message>
        <source>an error worth a report if it repeats</source>
        <translation>ein Fehler, der gemeldet werden sollte, wenn er sich wiederholt</translation>
    </message>
    <message>
        <source>an error NVIDIA&apos;s workflow does not expect: for the vendor</source>
        <translation>ein Fehler, den NVIDIAs Ablauf nicht erwartet: für den Hersteller</translation>
    </message>
    <message>
        <source>an ECC or parity error in the link&apos;s hardware</source>
        <translation>ein ECC- oder Paritätsfehler in der Hardware des Links</translation>
    </message>
    <message>
        <source>a marginal signal on the link</source>
        <translation>ein grenzwertiges Signal auf dem Link</translation>
    </message>
    <message>
        <source>the link&apos;s mechanical connection</source>
        <translation>die mechanische Verbindung des Links</translation>
    </message>
    <message>
        <source>link %1: %2 (register %3, bit %4)</source>
        <translation>Link %1: %2 (Register %3, Bit %4)</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s NVLink workflow: %1</source>
        <translation>NVIDIAs NVLink-Ablauf: %1</translation>
    </message>
    <message>
        <source>%1, drain now</source>
        <translation>%1, jetzt drainen</translation>
    </message>
    <message>
        <source>its PCIe link trained down, and its job waits for it</source>
        <translation>seine PCIe-Verbindung hat sich heruntergeschaltet, und sein Job wartet auf sie</translation>
    </message>
    <message>
        <source>one of its NVLinks went quiet, and its job waits for it</source>
        <translation>einer seiner NVLinks ist verstummt, und sein Job wartet auf ihn</translation>
    </message>
</context>
<context>
    <name>ReportRenderer</name>
    <message>
        <source>Vigil maintenance-debt report · page %1 of %2</source>
        <translation>Vigil-Bericht über Wartungsschulden · Seite %1 von %2</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>new this period</source>
        <translation>neu in diesem Zeitraum</translation>
    </message>
    <message>
        <source>as before</source>
        <translation>wie zuvor</translation>
    </message>
    <message>
        <source>%1 %2 % vs previous %3</source>
        <translation>%1 %2 % gegenüber dem Vorzeitraum %3</translation>
    </message>
    <message>
        <source>(worse)</source>
        <translation>(schlechter)</translation>
    </message>
    <message>
        <source>(better)</source>
        <translation>(besser)</translation>
    </message>
    <message>
        <source>Maintenance-debt report</source>
        <translation>Bericht über Wartungsschulden</translation>
    </message>
    <message>
        <source>%1 · %2 to %3 (UTC)</source>
        <translation>%1 · %2 bis %3 (UTC)</translation>
    </message>
    <message>
        <source>Nothing happened in this period: no disruptions, no manual actions, no open warnings.</source>
        <translation>In diesem Zeitraum ist nichts geschehen: keine Unterbrechungen, keine manuellen Eingriffe, keine offenen Warnungen.</translation>
    </message>
    <message>
        <source>GPU-hours lost</source>
        <translation>Verlorene GPU-Stunden</translation>
    </message>
    <message>
        <source>What they cost</source>
        <translation>Was sie kosteten</translation>
    </message>
    <message>
        <source>Disruptions</source>
        <translation>Unterbrechungen</translation>
    </message>
    <message>
        <source>Effective training time (ETTR)</source>
        <translation>Effektive Trainingszeit (ETTR)</translation>
    </message>
    <message>
        <source>Preventable share</source>
        <translation>Vermeidbarer Anteil</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 operator-hours</source>
        <translation>%1 Bediener-Stunden</translation>
    </message>
    <message>
        <source>Where the GPU-hours went</source>
        <translation>Wohin die GPU-Stunden gingen</translation>
    </message>
    <message>
        <source>Lost GPU-hours by cause</source>
        <translation>Verlorene GPU-Stunden nach Ursache</translation>
    </message>
    <message>
        <source>GPU-h</source>
        <translation>GPU-h</translation>
    </message>
    <message>
        <source>By rack</source>
        <translation>Nach Rack</translation>
    </message>
    <message>
        <source>By PDU</source>
        <translation>Nach PDU</translation>
    </message>
    <message>
        <source>By cooling loop</source>
        <translation>Nach Kühlkreislauf</translation>
    </message>
    <message>
        <source>The ten costliest incidents</source>
        <translation>Die zehn teuersten Vorfälle</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>No incidents in this period.</source>
        <translation>Keine Vorfälle in diesem Zeitraum.</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Was geschah</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Preventable</source>
        <translation>Vermeidbar</translation>
    </message>
    <message>
        <source>Grit: what it took by hand</source>
        <translation>Feuerwehreinsätze: was die Handarbeit kostete</translation>
    </message>
    <message>
        <source>Job restarted again and again</source>
        <translation>Immer wieder neu gestarteter Job</translation>
    </message>
    <message>
        <source>GPU-h lost</source>
        <translation>Verlorene GPU-h</translation>
    </message>
    <message>
        <source>Threshold changed</source>
        <translation>Schwellwert geändert</translation>
    </message>
    <message>
        <source>By</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>On</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>Maintenance debt</source>
        <translation>Wartungsschulden</translation>
    </message>
    <message>
        <source>under a day</source>
        <translation>unter einem Tag</translation>
    </message>
    <message>
        <source>1 to 3 days</source>
        <translation>1 bis 3 Tage</translation>
    </message>
    <message>
        <source>3 to 7 days</source>
        <translation>3 bis 7 Tage</translation>
    </message>
    <message>
        <source>a week or more</source>
        <translation>eine Woche oder länger</translation>
    </message>
    <message>
        <source>Open warnings, open for</source>
        <translation>Offene Warnungen, offen seit</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Expected cost a day</source>
        <translation>Erwartete Kosten pro Tag</translation>
    </message>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>The oldest amber lights</source>
        <translation>Die ältesten gelben Lampen</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Open for</source>
        <translation>Offen seit</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>Bestätigt von</translation>
    </message>
    <message>
        <source>Cost a day</source>
        <translation>Kosten pro Tag</translation>
    </message>
    <message>
        <source>Lemons: failed again and again</source>
        <translation>Sorgenkinder: immer wieder ausgefallen</translation>
    </message>
    <message>
        <source>Incidents caused</source>
        <translation>Verursachte Vorfälle</translation>
    </message>
    <message numerus="yes">
        <source>Trends over the last %n period(s)</source>
        <translation>
            <numerusform>Verlauf über den letzten Zeitraum</numerusform>
            <numerusform>Verlauf über die letzten %n Zeiträume</numerusform>
        </translation>
    </message>
    <message>
        <source>Lost GPU-hours</source>
        <translation>Verlorene GPU-Stunden</translation>
    </message>
    <message>
        <source>Mean time between failures (h)</source>
        <translation>Mittlere Zeit zwischen Ausfällen (h)</translation>
    </message>
    <message>
        <source>Fix first</source>
        <translation>Zuerst beheben</translation>
    </message>
    <message numerus="yes">
        <source>caused %n incident(s)</source>
        <translation>
            <numerusform>verursachte %n Vorfall</numerusform>
            <numerusform>verursachte %n Vorfälle</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing stands out.</source>
        <translation>Nichts sticht hervor.</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Alarm load: %1 alarms per 10 minutes per operator on average, %2 in the busiest 10 minutes (ISA-18.2: about 1 is manageable, more than 10 is a flood).</source>
        <translation>Alarmlast: im Mittel %1 Alarme pro 10 Minuten pro Bediener, %2 in den dichtesten 10 Minuten (ISA-18.2: etwa 1 ist beherrschbar, mehr als 10 ist eine Flut).</translation>
    </message>
    <message>
        <source>%1: cannot be written</source>
        <translation>%1: kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>%1 slower, %2 GPU-h</source>
        <translation>%1 langsamer, %2 GPU-h</translation>
    </message>
    <message>
        <source>no slower</source>
        <translation>nicht langsamer</translation>
    </message>
    <message>
        <source>Throughput it cost</source>
        <translation>Durchsatz, den es kostete</translation>
    </message>
    <message>
        <source>Only this period is recorded: the trends begin with it.</source>
        <translation>Nur dieser Zeitraum ist aufgezeichnet: die Verläufe beginnen mit ihm.</translation>
    </message>
    <message>
        <source>Fleet reliability: every hardware failure, job or no job</source>
        <translation>Zuverlässigkeit der Flotte: jeder Hardwareausfall, mit oder ohne Job</translation>
    </message>
    <message>
        <source>Racks with the most failures</source>
        <translation>Racks mit den meisten Ausfällen</translation>
    </message>
    <message>
        <source>Position in the rack (slot 0: the bottom)</source>
        <translation>Position im Rack (Slot 0: unten)</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Ausfälle</translation>
    </message>
    <message>
        <source>Per 1,000 GPU-days</source>
        <translation>Je 1.000 GPU-Tage</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message numerus="yes">
        <source>%Ln hardware failure(s) in the fleet, whether or not a job ran there: %1 per 1,000 GPU-days.</source>
        <translation>
            <numerusform>%Ln Hardwareausfall in der Flotte, ob dort ein Job lief oder nicht: %1 je 1.000 GPU-Tage.</numerusform>
            <numerusform>%Ln Hardwareausfälle in der Flotte, ob dort ein Job lief oder nicht: %1 je 1.000 GPU-Tage.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hands-on actions (at night)</source>
        <translation>Eingriffe von Hand (nachts)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln hands-on action(s) (drains, restarts by hand, hot-patches, thresholds changed), %1 of them at night (%2); %3 acknowledgements, shelves and notes besides; %4 operator-hours in all; %5 answered a failure.</source>
        <translation>
            <numerusform>%Ln Eingriff von Hand (Entleeren, Neustart von Hand, Hotpatch, geänderte Schwelle), davon %1 nachts (%2); dazu %3 Quittierungen, Zurückstellungen und Notizen; %4 Bedienerstunden insgesamt; %5 antworteten auf einen Ausfall.</numerusform>
            <numerusform>%Ln Eingriffe von Hand (Entleeren, Neustarts von Hand, Hotpatches, geänderte Schwellen), davon %1 nachts (%2); dazu %3 Quittierungen, Zurückstellungen und Notizen; %4 Bedienerstunden insgesamt; %5 antworteten auf einen Ausfall.</numerusform>
        </translation>
    </message>
    <message>
        <source>Slow degradation: jobs slower than their own healthy pace</source>
        <translation>Schleichender Verschleiß: Jobs langsamer als ihr eigenes gesundes Tempo</translation>
    </message>
    <message>
        <source>%1 GPU-hours (%2) went to steps that took longer than the job&apos;s healthy pace (the median of the faster half of its hours over the week before): GPUs × the time beyond it. No alarm stops a job for this, so nobody answers it.</source>
        <translation>%1 GPU-Stunden (%2) gingen an Schritte, die länger dauerten als das gesunde Tempo des Jobs (der Median der schnelleren Hälfte seiner Stunden in der Woche davor): GPUs × die Zeit darüber. Kein Alarm hält einen Job dafür an, also reagiert niemand darauf.</translation>
    </message>
    <message>
        <source>no warning began with it</source>
        <translation>keine Warnung begann damit</translation>
    </message>
    <message>
        <source>%1, changed by hand</source>
        <translation>%1, von Hand geändert</translation>
    </message>
    <message>
        <source>%1 → %2 s</source>
        <translation>%1 → %2 s</translation>
    </message>
    <message>
        <source>Began (UTC)</source>
        <translation>Beginn (UTC)</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Began with</source>
        <translation>Begann mit</translation>
    </message>
    <message>
        <source>began as a job slowed, still slow: %1 a day</source>
        <translation>begann, als ein Job langsamer wurde, noch langsam: %1 am Tag</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more like it</source>
        <translation>
            <numerusform>%1 und %n weiteres dieser Art</numerusform>
            <numerusform>%1 und %n weitere dieser Art</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 each (%2 in all)</source>
        <translation>je %1 (%2 insgesamt)</translation>
    </message>
    <message>
        <source>The recording holds no record of the period before, so nothing is compared with it.</source>
        <translation>Die Aufzeichnung enthält den Zeitraum davor nicht; es wird daher nicht verglichen.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s) on %1 GPUs over %2 GPU-days: %3 per 1,000 GPU-days; one GPU&apos;s mean time between failures is %4 hours.</source>
        <translation>
            <numerusform>%Ln Ausfall auf %1 GPUs über %2 GPU-Tage: %3 je 1.000 GPU-Tage; die mittlere Zeit zwischen zwei Ausfällen einer GPU beträgt %4 Stunden.</numerusform>
            <numerusform>%Ln Ausfälle auf %1 GPUs über %2 GPU-Tage: %3 je 1.000 GPU-Tage; die mittlere Zeit zwischen zwei Ausfällen einer GPU beträgt %4 Stunden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s)</source>
        <translation>
            <numerusform>%Ln Ausfall</numerusform>
            <numerusform>%Ln Ausfälle</numerusform>
        </translation>
    </message>
    <message>
        <source>Trends</source>
        <translation>Trends</translation>
    </message>
    <message>
        <source>%1 (+%2 not named)</source>
        <translation>%1 (+%2 ohne Angabe)</translation>
    </message>
    <message>
        <source>Lemon positions: slots that kill whatever is put in them</source>
        <translation>Montagsplätze: Steckplätze, die jedes Teil darin zerstören</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>Teile</translation>
    </message>
    <message>
        <source>%1 (last in %2)</source>
        <translation>%1 (zuletzt in %2)</translation>
    </message>
    <message>
        <source>Lemon parts: parts that fail wherever they go</source>
        <translation>Montagsteile: Teile, die überall ausfallen</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>Steckplätze</translation>
    </message>
    <message>
        <source>Does the forecast hold? The backtest</source>
        <translation>Hält die Vorhersage? Der Backtest</translation>
    </message>
    <message>
        <source>The recording holds no history before this period, so this tests the documented priors alone: what they would have predicted of the period&apos;s warnings, and what came.</source>
        <translation>Die Aufzeichnung enthält keine Vorgeschichte vor diesem Zeitraum; geprüft werden also allein die dokumentierten Vorannahmen: was sie für die Warnungen des Zeitraums vorhergesagt hätten, und was kam.</translation>
    </message>
    <message>
        <source>The hazard model, fitted on %1 days before the period only, predicted the period&apos;s failures from its warnings; here is what came.</source>
        <translation>Das Ausfallmodell, nur an den %1 Tagen vor dem Zeitraum angepasst, sagte die Ausfälle des Zeitraums aus seinen Warnungen vorher; hier steht, was kam.</translation>
    </message>
    <message>
        <source>No warnings in this period to test the forecast on.</source>
        <translation>In diesem Zeitraum gab es keine Warnungen, an denen sich die Vorhersage prüfen ließe.</translation>
    </message>
    <message>
        <source>All, each failure once</source>
        <translation>Alle, jeder Ausfall einmal</translation>
    </message>
    <message>
        <source>Chance, %</source>
        <translation>Chance, %</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>Failures predicted</source>
        <translation>Ausfälle vorhergesagt</translation>
    </message>
    <message>
        <source>came</source>
        <translation>gekommen</translation>
    </message>
    <message>
        <source>GPU-h predicted</source>
        <translation>GPU-h vorhergesagt</translation>
    </message>
    <message>
        <source>Brier score %1 (0 is perfect), against %2 for one chance for every warning. A row whose failures came far from its prediction is a forecast that did not hold.</source>
        <translation>Brier-Score %1 (0 ist perfekt), gegenüber %2 mit einer einzigen Chance für jede Warnung. Eine Zeile, deren Ausfälle weit von der Vorhersage abweichen, ist eine Vorhersage, die nicht gehalten hat.</translation>
    </message>
    <message>
        <source>From the recording %1, at %2 per GPU-hour; a failure counts as preventable when its cause warned %3 h before, with a kind of warning followed by a failure within 72 h at least %4 % of the time, and was not drained.</source>
        <translation>Aus der Aufzeichnung %1, zu %2 pro GPU-Stunde; ein Ausfall gilt als vermeidbar, wenn seine Ursache %3 h vorher gewarnt hat, mit einer Art Warnung, auf die in mindestens %4 % der Fälle binnen 72 h ein Ausfall folgt, und nicht entleert wurde.</translation>
    </message>
    <message>
        <source>The recording covers %1 of the period before and %2 of this one: too little to compare them.</source>
        <translation>Die Aufzeichnung deckt %1 des vorigen Zeitraums und %2 dieses Zeitraums ab: zu wenig für einen Vergleich.</translation>
    </message>
    <message>
        <source>%1, open: %2 % chance of a failure within 72 h (%3–%4 %, %5 cases); %6 if it fails</source>
        <translation>%1, offen: %2 % Ausfallwahrscheinlichkeit binnen 72 h (%3–%4 %, %5 Fälle); %6, wenn es ausfällt</translation>
    </message>
    <message>
        <source>Expected saving</source>
        <translation>Erwartete Ersparnis</translation>
    </message>
    <message>
        <source>An open warning saves its chance of failing within 72 hours times what that failure would cost; a part that keeps failing or a slowdown still under way saves what it cost in a period.</source>
        <translation>Eine offene Warnung erspart ihre Ausfallwahrscheinlichkeit binnen 72 Stunden mal die Kosten dieses Ausfalls; ein immer wieder ausfallendes Teil oder eine noch andauernde Verlangsamung erspart, was sie in einem Zeitraum gekostet hat.</translation>
    </message>
    <message>
        <source>Open warnings of a kind worth acting on are expected to cost %1 a day if left as they are.</source>
        <translation>Offene Warnungen einer Art, bei der sich Handeln lohnt, kosten voraussichtlich %1 am Tag, wenn sie so bleiben.</translation>
    </message>
    <message>
        <source>Stragglers: GPUs slower than their job&apos;s peers</source>
        <translation>Nachzügler: GPUs, die langsamer sind als die übrigen ihres Jobs</translation>
    </message>
    <message>
        <source>A synchronous job runs at its slowest GPU&apos;s pace. %1 GPU-hours (%2) went to waiting for these, measured against their peers in the same job (not in the headline, which prices a job against its own pace).</source>
        <translation>Ein synchroner Job läuft im Tempo seiner langsamsten GPU. %1 GPU-Stunden (%2) gingen an das Warten auf diese, gemessen an den übrigen GPUs desselben Jobs (nicht in den Kopfzahlen, die einen Job an seinem eigenen Tempo messen).</translation>
    </message>
    <message>
        <source>%1 % (job of %2 GPUs)</source>
        <translation>%1 % (Job mit %2 GPUs)</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Langsam</translation>
    </message>
    <message>
        <source>Slower by</source>
        <translation>Langsamer um</translation>
    </message>
    <message>
        <source>Next to fail</source>
        <translation>Als Nächstes ausfallend</translation>
    </message>
    <message>
        <source>No open warning puts a part at risk.</source>
        <translation>Keine offene Warnung gefährdet ein Teil.</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1 (%2–%3)</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>Teil</translation>
    </message>
    <message>
        <source>Its likeliest warning</source>
        <translation>Wahrscheinlichste Warnung</translation>
    </message>
    <message>
        <source>Warning for</source>
        <translation>Warnt seit</translation>
    </message>
    <message>
        <source>Fails within 72 h (90 %)</source>
        <translation>Fällt in 72 h aus (90 %)</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>Fälle</translation>
    </message>
    <message>
        <source>GPUs at risk</source>
        <translation>Gefährdete GPUs</translation>
    </message>
    <message>
        <source>The same list over this period, made every %1 h from what was known then (the model fitted on the history before): %2 of %3 entries failed within 72 h (%4).</source>
        <translation>Dieselbe Liste über diesen Zeitraum, alle %1 h aus dem damals Bekannten erstellt (das Modell auf die Zeit davor angepasst): %2 von %3 Einträgen fielen innerhalb von 72 h aus (%4).</translation>
    </message>
    <message>
        <source>None of the period&apos;s %1 failures was on a list before it failed.</source>
        <translation>Keiner der %1 Ausfälle des Zeitraums stand vor dem Ausfall auf einer Liste.</translation>
    </message>
    <message>
        <source>%1 of the period&apos;s %2 failures were on a list before they failed, first named a median of %3 h before.</source>
        <translation>%1 der %2 Ausfälle des Zeitraums standen vorher auf einer Liste, zuerst genannt im Median %3 h davor.</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>Empfohlen</translation>
    </message>
    <message>
        <source>None of these warnings makes its part likelier to fail than any part of its kind (each interval reaches down to its kind&apos;s base rate): they are listed by chance, not as work to do first.</source>
        <translation>Keine dieser Warnungen macht ihr Teil ausfallgefährdeter als jedes andere Teil seiner Art (jedes Intervall reicht bis zur Grundrate seiner Art hinab): Sie sind nach Wahrscheinlichkeit gelistet, nicht als vordringliche Arbeit.</translation>
    </message>
    <message numerus="yes">
        <source>%n of these stand(s) above the base rate of its kind (marked •); the rest are listed by chance.</source>
        <translation>
            <numerusform>%n davon liegt über der Grundrate seiner Art (mit • markiert); die übrigen sind nach Wahrscheinlichkeit gelistet.</numerusform>
            <numerusform>%n davon liegen über der Grundrate ihrer Art (mit • markiert); die übrigen sind nach Wahrscheinlichkeit gelistet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StaleMark</name>
    <message>
        <source>%1 · stale</source>
        <translation>%1 · veraltet</translation>
    </message>
</context>
<context>
    <name>Tr</name>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>%1 %2: not a PEM file</source>
        <translation>%1 %2: keine PEM-Datei</translation>
    </message>
</context>
<context>
    <name>TsdbHistory</name>
    <message>
        <source>Open history from Prometheus</source>
        <translation>Verlauf aus Prometheus öffnen</translation>
    </message>
    <message>
        <source>A span this dashboard never recorded, read from the Prometheus-compatible database the gateways remote-write to (Prometheus, VictoriaMetrics, Thanos).</source>
        <translation>Ein Zeitraum, den dieses Dashboard nie aufgezeichnet hat, gelesen aus der Prometheus-kompatiblen Datenbank, in die die Gateways per Remote Write schreiben (Prometheus, VictoriaMetrics, Thanos).</translation>
    </message>
    <message>
        <source>Query &amp;API:</source>
        <translation>Abfrage-&amp;API:</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Von:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Seconds between the frames read: a month at 60 s is 43,200 frames.</source>
        <translation>Sekunden zwischen den gelesenen Frames: ein Monat bei 60 s sind 43.200 Frames.</translation>
    </message>
    <message>
        <source>&amp;Step:</source>
        <translation>&amp;Schritt:</translation>
    </message>
    <message>
        <source>Hostname, else instance</source>
        <translation>Hostname, sonst instance</translation>
    </message>
    <message>
        <source>&amp;Node label:</source>
        <translation>&amp;Knoten-Label:</translation>
    </message>
    <message>
        <source>Reading %1 to %2 UTC from %3…</source>
        <translation>Lese %1 bis %2 UTC aus %3…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cannot read the history</source>
        <translation>Der Verlauf kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>History read in part</source>
        <translation>Verlauf nur teilweise gelesen</translation>
    </message>
    <message>
        <source>History read without the NOC&apos;s bookmarks</source>
        <translation>Verlauf ohne die Lesezeichen des NOC gelesen</translation>
    </message>
</context>
<context>
    <name>VigilReport</name>
    <message>
        <source>The maintenance-debt report of a recording: lost GPU-hours and what they cost, where they went, the manual work, the warnings left open.</source>
        <translation>Der Bericht über die Wartungsschulden einer Aufzeichnung: verlorene GPU-Stunden und was sie kosten, wohin sie gingen, die Handarbeit, die offen gelassenen Warnungen.</translation>
    </message>
    <message>
        <source>The recording to report on.</source>
        <translation>Die Aufzeichnung, über die berichtet wird.</translation>
    </message>
    <message>
        <source>Start of the period (ISO date or date and time, UTC).</source>
        <translation>Beginn des Zeitraums (ISO-Datum oder Datum und Uhrzeit, UTC).</translation>
    </message>
    <message>
        <source>End of the period (default: the end of the recording).</source>
        <translation>Ende des Zeitraums (Vorgabe: das Ende der Aufzeichnung).</translation>
    </message>
    <message>
        <source>Length of the period when --from is not given: 7d, 30d, 36h (default 7d).</source>
        <translation>Länge des Zeitraums ohne --from: 7d, 30d, 36h (Vorgabe 7d).</translation>
    </message>
    <message>
        <source>USD per GPU-hour (default 2.50).</source>
        <translation>USD pro GPU-Stunde (Vorgabe 2,50).</translation>
    </message>
    <message>
        <source>Hours a warning must have been visible for a failure to count as preventable (default 1).</source>
        <translation>Stunden, die eine Warnung sichtbar gewesen sein muss, damit ein Ausfall als vermeidbar gilt (Vorgabe 1).</translation>
    </message>
    <message>
        <source>--out PATH is needed</source>
        <translation>--out PFAD wird benötigt</translation>
    </message>
    <message>
        <source>--price: &apos;%1&apos; is not a number</source>
        <translation>--price: „%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>--lead-time: &apos;%1&apos; is not a number of hours</source>
        <translation>--lead-time: „%1“ ist keine Stundenzahl</translation>
    </message>
    <message>
        <source>--from: &apos;%1&apos; is not a date (2026-11-02) or a date and time (2026-11-02T06:00)</source>
        <translation>--from: „%1“ ist kein Datum (2026-11-02) und keine Uhrzeit (2026-11-02T06:00)</translation>
    </message>
    <message>
        <source>--to: &apos;%1&apos; is not a date (2026-11-09) or a date and time (2026-11-09T06:00)</source>
        <translation>--to: „%1“ ist kein Datum (2026-11-09) und keine Uhrzeit (2026-11-09T06:00)</translation>
    </message>
    <message>
        <source>--period: &apos;%1&apos; is not a length like 7d, 30d or 36h</source>
        <translation>--period: „%1“ ist keine Länge wie 7d, 30d oder 36h</translation>
    </message>
    <message>
        <source>the period ends (%1) before it begins (%2)</source>
        <translation>der Zeitraum endet (%1), bevor er beginnt (%2)</translation>
    </message>
    <message>
        <source>nothing happened in this period: no disruptions, no manual actions, no open warnings</source>
        <translation>in diesem Zeitraum ist nichts geschehen: keine Unterbrechungen, keine manuellen Eingriffe, keine offenen Warnungen</translation>
    </message>
    <message>
        <source>pdf (paged, with charts) or csv (one file per table); default pdf.</source>
        <translation>pdf (mit Seiten und Diagrammen) oder csv (eine Datei pro Tabelle); Vorgabe pdf.</translation>
    </message>
    <message>
        <source>Where to write: a file for pdf, a folder for csv.</source>
        <translation>Wohin geschrieben wird: eine Datei für pdf, ein Ordner für csv.</translation>
    </message>
    <message>
        <source>Paper for pdf: a4 or letter (default a4).</source>
        <translation>Papier für pdf: a4 oder letter (Vorgabe a4).</translation>
    </message>
    <message>
        <source>Language of the report: en, de or ja (default: the system&apos;s).</source>
        <translation>Sprache des Berichts: en, de oder ja (Vorgabe: die des Systems).</translation>
    </message>
    <message>
        <source>--format: &apos;%1&apos; is not pdf or csv</source>
        <translation>--format: „%1“ ist weder pdf noch csv</translation>
    </message>
    <message>
        <source>--page: &apos;%1&apos; is not a4 or letter</source>
        <translation>--page: „%1“ ist weder a4 noch letter</translation>
    </message>
    <message>
        <source>--lang: &apos;%1&apos; is not a language</source>
        <translation>--lang: „%1“ ist keine Sprache</translation>
    </message>
    <message>
        <source>%1 disruptions, %2 GPU-hours lost ($%3), %4 % preventable, %5 hands-on actions and %6 acknowledgements, %7 open warnings</source>
        <translation>%1 Unterbrechungen, %2 GPU-Stunden verloren ($%3), %4 % vermeidbar, %5 Eingriffe von Hand und %6 Quittierungen, %7 offene Warnungen</translation>
    </message>
    <message>
        <source>Instead of --recording: read the period from this Prometheus-compatible query API (the DCGM series the gateways remote-write, or dcgm-exporter&apos;s scrapes).</source>
        <translation>Statt --recording: den Zeitraum aus dieser Prometheus-kompatiblen Abfrage-API lesen (die DCGM-Reihen, die die Gateways per Remote Write senden, oder die Scrapes von dcgm-exporter).</translation>
    </message>
    <message>
        <source>With --from-prometheus: the event store&apos;s history for the period (CSV or JSON lines, as vigil-record --import takes).</source>
        <translation>Mit --from-prometheus: die Ereignishistorie des Zeitraums aus dem Ereignisspeicher (CSV oder JSON-Zeilen, wie vigil-record --import sie nimmt).</translation>
    </message>
    <message>
        <source>With --from-prometheus: seconds between the instants read (default 60).</source>
        <translation>Mit --from-prometheus: Sekunden zwischen den gelesenen Zeitpunkten (Standard 60).</translation>
    </message>
    <message>
        <source>With --from-prometheus: the label that names the node (default Hostname, else instance).</source>
        <translation>Mit --from-prometheus: das Label, das den Knoten benennt (Standard Hostname, sonst instance).</translation>
    </message>
    <message>
        <source>With --from-prometheus: the topology file that places the GPUs (default: laid out from the series&apos; labels).</source>
        <translation>Mit --from-prometheus: die Topologiedatei, die die GPUs platziert (Standard: aus den Labels der Reihen angeordnet).</translation>
    </message>
    <message>
        <source>--recording FILE or --from-prometheus URL is needed, one of them</source>
        <translation>--recording DATEI oder --from-prometheus URL wird benötigt, genau eines davon</translation>
    </message>
    <message>
        <source>--events goes with --from-prometheus (vigil-record --import adds events to a recording)</source>
        <translation>--events gehört zu --from-prometheus (vigil-record --import fügt Ereignisse einer Aufzeichnung hinzu)</translation>
    </message>
    <message>
        <source>%1 events from the event store, %2 refused</source>
        <translation>%1 Ereignisse aus dem Ereignisspeicher, %2 abgelehnt</translation>
    </message>
    <message>
        <source>Instead of the report: put the hazard model behind its forecasts to the test. Fitted on the history before the period only, what it predicted of the period&apos;s warnings against what came, as CSV on standard output.</source>
        <translation>Statt des Berichts: das Ausfallmodell hinter seinen Vorhersagen prüfen. Nur an der Vorgeschichte vor dem Zeitraum angepasst: was es für die Warnungen des Zeitraums vorhersagte, gegenüber dem, was kam, als CSV auf der Standardausgabe.</translation>
    </message>
    <message>
        <source>no history before %1: the forecast stood on the documented priors alone</source>
        <translation>keine Vorgeschichte vor %1: die Vorhersage stand allein auf den dokumentierten Vorannahmen</translation>
    </message>
    <message>
        <source>fitted on %1 – %2, tested on %2 – %3</source>
        <translation>angepasst an %1 – %2, geprüft an %2 – %3</translation>
    </message>
    <message>
        <source>predicted %1 failures (%2 GPU-hours), %3 came (%4 GPU-hours); Brier score %5, %6 for the base rate alone</source>
        <translation>%1 Ausfälle vorhergesagt (%2 GPU-Stunden), %3 gekommen (%4 GPU-Stunden); Brier-Score %5, %6 allein mit der Grundrate</translation>
    </message>
    <message numerus="yes">
        <source>; %Ln hardware failure(s) in the fleet (%1 per 1,000 GPU-days)</source>
        <translation>
            <numerusform>; %Ln Hardwareausfall in der Flotte (%1 je 1.000 GPU-Tage)</numerusform>
            <numerusform>; %Ln Hardwareausfälle in der Flotte (%1 je 1.000 GPU-Tage)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Operations dashboard for GPU training clusters.</source>
        <translation>Betriebs-Dashboard für GPU-Trainingscluster.</translation>
    </message>
    <message>
        <source>Gateway to subscribe to (default 127.0.0.1:50051).</source>
        <translation>Gateway, das abonniert wird (Standard 127.0.0.1:50051).</translation>
    </message>
    <message>
        <source>Start a gateway with a simulated cluster on 127.0.0.1 and connect to it.</source>
        <translation>Ein Gateway mit simuliertem Cluster auf 127.0.0.1 starten und sich damit verbinden.</translation>
    </message>
    <message>
        <source>User interface language (e.g. en, de, ja); default: the system&apos;s.</source>
        <translation>Sprache der Oberfläche (z. B. en, de, ja); Standard: die des Systems.</translation>
    </message>
    <message>
        <source>Save a screenshot of the window once data is live, then quit.</source>
        <translation>Ein Bildschirmfoto des Fensters speichern, sobald Live-Daten da sind, dann beenden.</translation>
    </message>
    <message>
        <source>Vigil</source>
        <translation>Vigil</translation>
    </message>
    <message>
        <source>The demo gateway could not start: %1</source>
        <translation>Das Demo-Gateway konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>Vigil — demo cluster (%1)</source>
        <translation>Vigil — Demo-Cluster (%1)</translation>
    </message>
    <message>
        <source>simulated, scenario %1, seed %2</source>
        <translation>simuliert, Szenario %1, Startwert %2</translation>
    </message>
    <message>
        <source>vigil-gateway: serving %1 GPUs in %2 racks on %3 (epoch %4; %5)</source>
        <translation>vigil-gateway: %1 GPUs in %2 Racks auf %3 (Epoche %4; %5)</translation>
    </message>
    <message>
        <source>bridges: %1</source>
        <translation>Brücken: %1</translation>
    </message>
    <message>
        <source>Seconds of live data before the screenshot (default 3).</source>
        <translation>Sekunden mit Live-Daten vor dem Bildschirmfoto (Standard 3).</translation>
    </message>
    <message>
        <source>%1 h of %2 in %3 s: %4 ticks, %5 samples, %6 events, %7 failures</source>
        <translation>%1 h von %2 in %3 s: %4 Takte, %5 Messwerte, %6 Ereignisse, %7 Ausfälle</translation>
    </message>
    <message>
        <source>Do not serve: simulate this many hours as fast as possible and write them to --out, then exit.</source>
        <translation>Nicht bereitstellen: so viele Stunden so schnell wie möglich simulieren, nach --out schreiben und beenden.</translation>
    </message>
    <message>
        <source>With --generate: simulated seconds between samples (default 60).</source>
        <translation>Mit --generate: simulierte Sekunden zwischen Messwerten (Standard 60).</translation>
    </message>
    <message>
        <source>Once connected, select and show this host, GPU UUID, rack or job.</source>
        <translation>Nach dem Verbinden diesen Host, diese GPU-UUID, dieses Rack oder diesen Job auswählen und zeigen.</translation>
    </message>
    <message>
        <source>Start with this overlay: %1.</source>
        <translation>Mit dieser Ansicht starten: %1.</translation>
    </message>
    <message>
        <source>Start as a full-screen wall display (F11 or Esc leaves it).</source>
        <translation>Als Vollbild-Wandanzeige starten (F11 oder Esc beendet sie).</translation>
    </message>
    <message>
        <source>unknown overlay &apos;%1&apos;; one of: %2</source>
        <translation>unbekannte Ansicht „%1“; möglich: %2</translation>
    </message>
    <message>
        <source>With --find: zoom until cells are this many pixels wide (default 18; 60 shows a node close up).</source>
        <translation>Mit --find: so weit zoomen, bis Zellen so viele Pixel breit sind (Vorgabe 18; 60 zeigt einen Knoten aus der Nähe).</translation>
    </message>
    <message>
        <source>Open this recording and replay it.</source>
        <translation>Diese Aufzeichnung öffnen und abspielen.</translation>
    </message>
    <message>
        <source>With --replay: start at this instant (ISO date and time in UTC, or +H for H hours into the recording).</source>
        <translation>Mit --replay: zu diesem Zeitpunkt beginnen (ISO-Datum und -Uhrzeit in UTC oder +H für H Stunden nach Beginn der Aufzeichnung).</translation>
    </message>
    <message>
        <source>Record the live stream into this file (default: a new file per session in the recordings folder).</source>
        <translation>Den Live-Datenstrom in diese Datei aufzeichnen (Standard: eine neue Datei pro Sitzung im Aufzeichnungsordner).</translation>
    </message>
    <message>
        <source>Do not record the live stream.</source>
        <translation>Den Live-Datenstrom nicht aufzeichnen.</translation>
    </message>
    <message>
        <source>not recording: %1</source>
        <translation>keine Aufzeichnung: %1</translation>
    </message>
    <message>
        <source>Cannot open the recording: %1</source>
        <translation>Die Aufzeichnung kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>--at: &apos;%1&apos; is not an ISO date and time or +hours</source>
        <translation>--at: „%1“ ist weder ISO-Datum und -Uhrzeit noch +Stunden</translation>
    </message>
    <message>
        <source>With --generate: the prefix of the files to write (.frames, .topology.json, .truth.jsonl), or a flight recording FILE.vigil.</source>
        <translation>Mit --generate: das Präfix der zu schreibenden Dateien (.frames, .topology.json, .truth.jsonl) oder eine Flugschreiber-Aufzeichnung DATEI.vigil.</translation>
    </message>
    <message>
        <source>replaying %1 at %2×</source>
        <translation>spielt %1 mit %2× ab</translation>
    </message>
    <message>
        <source>%1 frames, %2 samples, %3 events, %4 MB%5</source>
        <translation>%1 Frames, %2 Messwerte, %3 Ereignisse, %4 MB%5</translation>
    </message>
    <message>
        <source>, %1 frames lost</source>
        <translation>, %1 Frames verloren</translation>
    </message>
    <message>
        <source>… and %1 more lines refused</source>
        <translation>… und %1 weitere Zeilen abgelehnt</translation>
    </message>
    <message>
        <source>Records a gateway&apos;s telemetry and events into a Vigil recording.</source>
        <translation>Zeichnet Telemetrie und Ereignisse eines Gateways in einer Vigil-Aufzeichnung auf.</translation>
    </message>
    <message>
        <source>The recording to write (created, or appended to).</source>
        <translation>Die zu schreibende Aufzeichnung (wird angelegt oder ergänzt).</translation>
    </message>
    <message>
        <source>Pause recording when the file reaches this many MB.</source>
        <translation>Aufzeichnung anhalten, wenn die Datei so viele MB erreicht.</translation>
    </message>
    <message>
        <source>Hours kept at full rate; older data keeps each minute&apos;s lowest and highest readings, and incidents stay whole (default 24).</source>
        <translation>Stunden in voller Auflösung; ältere Daten behalten je Minute den niedrigsten und höchsten Messwert, Vorfälle bleiben vollständig (Standard 24).</translation>
    </message>
    <message>
        <source>Keep every frame, however old.</source>
        <translation>Jeden Frame behalten, egal wie alt.</translation>
    </message>
    <message>
        <source>Print the recorder&apos;s figures every this many seconds.</source>
        <translation>Die Kennzahlen des Rekorders alle so viele Sekunden ausgeben.</translation>
    </message>
    <message>
        <source>Do not record: import this event history (CSV or JSON lines) into --out, then exit.</source>
        <translation>Nicht aufzeichnen: diese Ereignishistorie (CSV oder JSON-Zeilen) in --out importieren und beenden.</translation>
    </message>
    <message>
        <source>--out: which file to record into?</source>
        <translation>--out: in welche Datei aufzeichnen?</translation>
    </message>
    <message>
        <source>recording %1 into %2</source>
        <translation>zeichne %1 in %2 auf</translation>
    </message>
    <message>
        <source>paused: %1</source>
        <translation>angehalten: %1</translation>
    </message>
    <message>
        <source>stopped; %1</source>
        <translation>beendet; %1</translation>
    </message>
    <message>
        <source>With --generate into FILE.vigil: downsample what is older than this many hours before the end, as a recorder would have (default 0: keep every frame).</source>
        <translation>Mit --generate in DATEI.vigil: ausdünnen, was älter ist als so viele Stunden vor dem Ende, wie es ein Rekorder getan hätte (Standard 0: jeden Frame behalten).</translation>
    </message>
    <message>
        <source>a number of hours up to a year</source>
        <translation>eine Anzahl Stunden bis zu einem Jahr</translation>
    </message>
    <message>
        <source>a number of seconds from 0.1 to 86400</source>
        <translation>eine Anzahl Sekunden von 0,1 bis 86400</translation>
    </message>
    <message>
        <source>a number of hours</source>
        <translation>eine Anzahl Stunden</translation>
    </message>
    <message>
        <source>a size in MB</source>
        <translation>eine Größe in MB</translation>
    </message>
    <message>
        <source>a number of seconds</source>
        <translation>eine Anzahl Sekunden</translation>
    </message>
    <message>
        <source>Bearer token for a gateway that knows its operators (default: $VIGIL_TOKEN, or the one saved in the settings).</source>
        <translation>Bearer-Token für ein Gateway, das seine Bediener kennt (Vorgabe: $VIGIL_TOKEN oder das in den Einstellungen gespeicherte).</translation>
    </message>
    <message>
        <source>Your name on alarm actions, for a gateway without an operators file (default: the login name).</source>
        <translation>Ihr Name bei Alarm-Aktionen, für ein Gateway ohne Bedienerdatei (Vorgabe: der Anmeldename).</translation>
    </message>
    <message>
        <source>With --replay: open the maintenance-debt report of the recording.</source>
        <translation>Mit --replay: den Bericht über die Wartungsschulden der Aufzeichnung öffnen.</translation>
    </message>
    <message>
        <source>%1 lines read: %2 events imported into %3, %4 already there, %5 refused</source>
        <translation>%1 Zeilen gelesen: %2 Ereignisse in %3 importiert, %4 schon vorhanden, %5 abgelehnt</translation>
    </message>
    <message>
        <source>Bearer token for a gateway that knows its people (--operators); default: $VIGIL_TOKEN.</source>
        <translation>Bearer-Token für ein Gateway, das seine Leute kennt (--operators); Vorgabe: $VIGIL_TOKEN.</translation>
    </message>
    <message>
        <source>the gateway refuses to stream: %1 (give a token with --token or $VIGIL_TOKEN)</source>
        <translation>das Gateway verweigert den Stream: %1 (Token mit --token oder $VIGIL_TOKEN angeben)</translation>
    </message>
    <message>
        <source>cannot subscribe: %1</source>
        <translation>Abonnieren nicht möglich: %1</translation>
    </message>
    <message>
        <source>TLS with %1</source>
        <translation>TLS mit %1</translation>
    </message>
    <message>
        <source>mutual TLS with %1, clients signed by %2</source>
        <translation>gegenseitiges TLS mit %1, Clients signiert von %2</translation>
    </message>
    <message>
        <source>WARNING: serving in the clear, without TLS or tokens, to anyone who can reach %1</source>
        <translation>WARNUNG: unverschlüsselt, ohne TLS und Tokens, für jeden, der %1 erreicht</translation>
    </message>
    <message>
        <source>in the clear, to this machine only</source>
        <translation>unverschlüsselt, nur für diesen Rechner</translation>
    </message>
    <message>
        <source>no tokens: anyone who connects may act</source>
        <translation>keine Tokens: jeder, der sich verbindet, darf handeln</translation>
    </message>
    <message>
        <source>tokens from %1, reloaded when it changes</source>
        <translation>Tokens aus %1, neu gelesen, wenn sich die Datei ändert</translation>
    </message>
    <message>
        <source>cannot subscribe: the TLS handshake failed: %1 (is the gateway&apos;s certificate signed by --tls-ca, and does it name the host you gave?)</source>
        <translation>Abonnieren nicht möglich: der TLS-Handshake ist fehlgeschlagen: %1 (ist das Zertifikat des Gateways von --tls-ca signiert, und nennt es den angegebenen Host?)</translation>
    </message>
    <message>
        <source>cannot subscribe: %1 (does the gateway serve TLS? then give --tls-ca with its authority, or --tls)</source>
        <translation>Abonnieren nicht möglich: %1 (spricht das Gateway TLS? Dann --tls-ca mit seiner Zertifizierungsstelle oder --tls angeben)</translation>
    </message>
    <message>
        <source>Serves a GPU cluster over gRPC (vigil.v1.Gateway): simulated, replayed, or read from dcgm-exporter, Prometheus, kernel and training logs.</source>
        <translation>Stellt einen GPU-Cluster über gRPC bereit (vigil.v1.Gateway): simuliert, wiedergegeben oder gelesen aus dcgm-exporter, Prometheus, Kernel- und Trainingsprotokollen.</translation>
    </message>
    <message>
        <source>Do not serve: read every source once and say, per source, what was mapped, which fields have no metric, which lines were rejected and why, and the last error; exit 1 if one could not be read.</source>
        <translation>Nichts bereitstellen: jede Quelle einmal lesen und je Quelle sagen, was zugeordnet wurde, welche Felder keine Metrik haben, welche Zeilen warum abgewiesen wurden und den letzten Fehler; Exit-Code 1, wenn eine nicht lesbar war.</translation>
    </message>
    <message>
        <source>With --replay: select this span on the timeline, FROM..TO (each as --at takes it); the map&apos;s count overlays cover it.</source>
        <translation>Mit --replay: diesen Zeitraum auf der Zeitleiste auswählen, VON..BIS (jeweils wie bei --at); die Zähl-Overlays des Plans decken ihn ab.</translation>
    </message>
    <message>
        <source>--select: &apos;%1&apos; is not FROM..TO (ISO dates and times or +hours)</source>
        <translation>--select: „%1“ ist nicht VON..BIS (ISO-Datum und -Uhrzeit oder +Stunden)</translation>
    </message>
    <message>
        <source>remote write: %1 samples sent, %2 dropped, %3 waiting%4</source>
        <translation>Remote Write: %1 Messwerte gesendet, %2 verworfen, %3 wartend%4</translation>
    </message>
    <message>
        <source>--until: &apos;%1&apos; is not a date or a date and time (UTC)</source>
        <translation>--until: „%1“ ist weder ein Datum noch Datum und Uhrzeit (UTC)</translation>
    </message>
    <message>
        <source>--since: &apos;%1&apos; is not a date, a date and time, or a length back like 30d or 36h</source>
        <translation>--since: „%1“ ist weder ein Datum, Datum und Uhrzeit noch eine Dauer zurück wie 30d oder 36h</translation>
    </message>
    <message>
        <source>%1 % read</source>
        <translation>%1 % gelesen</translation>
    </message>
    <message>
        <source>With --import or --from-prometheus into a new recording: the topology file that names the entities.</source>
        <translation>Mit --import oder --from-prometheus in eine neue Aufzeichnung: die Topologiedatei, die die Objekte benennt.</translation>
    </message>
    <message>
        <source>Do not record: read --since to --until from this Prometheus-compatible query API into --out, then exit.</source>
        <translation>Nicht aufzeichnen: --since bis --until aus dieser Prometheus-kompatiblen Abfrage-API nach --out lesen und beenden.</translation>
    </message>
    <message>
        <source>With --from-prometheus: the start (2026-11-02, 2026-11-02T06:00, or a length back like 30d or 36h; default 1d).</source>
        <translation>Mit --from-prometheus: der Beginn (2026-11-02, 2026-11-02T06:00 oder eine Dauer zurück wie 30d oder 36h; Standard 1d).</translation>
    </message>
    <message>
        <source>With --from-prometheus: the end (default: now).</source>
        <translation>Mit --from-prometheus: das Ende (Standard: jetzt).</translation>
    </message>
    <message>
        <source>With --from-prometheus: seconds between frames (default 15).</source>
        <translation>Mit --from-prometheus: Sekunden zwischen Frames (Standard 15).</translation>
    </message>
    <message>
        <source>With --from-prometheus: the label that names the node (default Hostname, else instance).</source>
        <translation>Mit --from-prometheus: das Label, das den Knoten benennt (Standard Hostname, sonst instance).</translation>
    </message>
    <message>
        <source>aggregating %1 pod gateways: %2</source>
        <translation>aggregiert %1 Pod-Gateways: %2</translation>
    </message>
    <message>
        <source>Take node or rack rollups from the gateway, and GPUs in full only where the map is zoomed in (wall screens on large clusters).</source>
        <translation>Vom Gateway Zusammenfassungen je Knoten oder Rack beziehen und einzelne GPUs nur dort, wo die Karte vergrößert ist (Wandbildschirme großer Cluster).</translation>
    </message>
    <message>
        <source>--rollup takes node or rack, not &apos;%1&apos;</source>
        <translation>--rollup erwartet node oder rack, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>With --from-prometheus: seconds each query may take (default 60).</source>
        <translation>Mit --from-prometheus: Sekunden, die jede Abfrage dauern darf (Vorgabe 60).</translation>
    </message>
    <message>
        <source>vigil-gateway is neither beside vigil nor on the PATH</source>
        <translation>vigil-gateway liegt weder neben vigil noch im PATH</translation>
    </message>
    <message>
        <source>vigil-gateway stopped (exit code %1)</source>
        <translation>vigil-gateway wurde beendet (Exit-Code %1)</translation>
    </message>
    <message>
        <source>vigil-gateway did not listen within two minutes</source>
        <translation>vigil-gateway hat innerhalb von zwei Minuten keinen Port geöffnet</translation>
    </message>
    <message>
        <source>Serve the demo on 127.0.0.1, on a free port: the decline story at an hour a second, 4 frames a second, a minute of journal (what `vigil --demo` starts). The simulation options apply.</source>
        <translation>Die Demo auf 127.0.0.1 an einem freien Port bereitstellen: die Geschichte vom Niedergang mit einer Stunde pro Sekunde, 4 Bildern pro Sekunde und einer Minute Journal (was `vigil --demo` startet). Die Simulationsoptionen gelten.</translation>
    </message>
    <message>
        <source>Once listening, write the address served on (host:port) as one line to standard output: with --listen HOST:0, how a parent process learns the port.</source>
        <translation>Sobald der Port offen ist, die bediente Adresse (host:port) als eine Zeile auf die Standardausgabe schreiben: mit --listen HOST:0 erfährt so ein Elternprozess den Port.</translation>
    </message>
</context>
<context>
    <name>vigil::AlarmCountLabel</name>
    <message numerus="yes">
        <source>▲ %n unacknowledged then</source>
        <translation>
            <numerusform>▲ %n unbestätigt (damals)</numerusform>
            <numerusform>▲ %n unbestätigt (damals)</numerusform>
        </translation>
    </message>
    <message>
        <source>alarms then: all acknowledged</source>
        <translation>Alarme damals: alle bestätigt</translation>
    </message>
    <message numerus="yes">
        <source>live: ▲ %n unacknowledged now</source>
        <translation>
            <numerusform>live: ▲ %n jetzt nicht quittiert</numerusform>
            <numerusform>live: ▲ %n jetzt nicht quittiert</numerusform>
        </translation>
    </message>
    <message>
        <source>live: all acknowledged</source>
        <translation>live: alle quittiert</translation>
    </message>
    <message numerus="yes">
        <source>▲ %n unacknowledged</source>
        <translation>
            <numerusform>▲ %n unbestätigt</numerusform>
            <numerusform>▲ %n unbestätigt</numerusform>
        </translation>
    </message>
    <message>
        <source>alarms: all acknowledged</source>
        <translation>Alarme: alle bestätigt</translation>
    </message>
    <message>
        <source>live: no gateway heard</source>
        <translation>live: kein Gateway zu hören</translation>
    </message>
</context>
<context>
    <name>vigil::AlarmDock</name>
    <message>
        <source>Alarms</source>
        <translation>Alarme</translation>
    </message>
    <message>
        <source>Show normal</source>
        <translation>Normale zeigen</translation>
    </message>
    <message>
        <source>Filter: priority, state, entity, job, owner… ( / )</source>
        <translation>Filter: Priorität, Zustand, Objekt, Job, Zuständige… ( / )</translation>
    </message>
    <message>
        <source>Also list alarms back to normal (forgotten after a day)</source>
        <translation>Auch wieder normale Alarme auflisten (nach einem Tag vergessen)</translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged</source>
        <translation>
            <numerusform>%n unbestätigt</numerusform>
            <numerusform>%n unbestätigt</numerusform>
        </translation>
    </message>
    <message>
        <source>Alarms (%1 unacknowledged)</source>
        <translation>Alarme (%1 unbestätigt)</translation>
    </message>
    <message numerus="yes">
        <source> · %n chattering</source>
        <translation>
            <numerusform> · %n flatternd</numerusform>
            <numerusform> · %n flatternd</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n standing for over a day</source>
        <translation>
            <numerusform> · %n seit über einem Tag anstehend</numerusform>
            <numerusform> · %n seit über einem Tag anstehend</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to a gateway: alarms can only be acted on live.</source>
        <translation>Nicht mit einem Gateway verbunden: Alarme lassen sich nur live bearbeiten.</translation>
    </message>
    <message>
        <source>%1: sending…</source>
        <translation>%1: wird gesendet…</translation>
    </message>
    <message>
        <source>%1: done.</source>
        <translation>%1: erledigt.</translation>
    </message>
    <message>
        <source>%1: refused by the gateway: %2</source>
        <translation>%1: vom Gateway abgelehnt: %2</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>Bestätigen</translation>
    </message>
    <message>
        <source>Comment (optional):</source>
        <translation>Kommentar (optional):</translation>
    </message>
    <message>
        <source>Shelve</source>
        <translation>Zurückstellen</translation>
    </message>
    <message>
        <source>Shelve for (e.g. 30 min, 2 h, 1 d; at most 7 days):</source>
        <translation>Zurückstellen für (z. B. 30 min, 2 h, 1 d; höchstens 7 Tage):</translation>
    </message>
    <message>
        <source>“%1” is not a duration like 30 min, 2 h or 1 d.</source>
        <translation>„%1“ ist keine Dauer wie 30 min, 2 h oder 1 d.</translation>
    </message>
    <message>
        <source>Assign</source>
        <translation>Zuweisen</translation>
    </message>
    <message>
        <source>Owner (empty: nobody):</source>
        <translation>Zuständig (leer: niemand):</translation>
    </message>
    <message>
        <source>Escalate</source>
        <translation>Eskalieren</translation>
    </message>
    <message>
        <source>Why (optional):</source>
        <translation>Warum (optional):</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Notiz:</translation>
    </message>
    <message>
        <source>no gateway: no alarms to show</source>
        <translation>kein Gateway: keine Alarme</translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged · stale: no gateway since %1</source>
        <translation>
            <numerusform>%n unbestätigt · veraltet: kein Gateway seit %1</numerusform>
            <numerusform>%n unbestätigt · veraltet: kein Gateway seit %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged at the replayed instant</source>
        <translation>
            <numerusform>%n unbestätigt zum abgespielten Zeitpunkt</numerusform>
            <numerusform>%n unbestätigt zum abgespielten Zeitpunkt</numerusform>
        </translation>
    </message>
    <message>
        <source>alarm %1</source>
        <translation>Alarm %1</translation>
    </message>
    <message>
        <source>Acknowledge “%1”</source>
        <translation>„%1“ bestätigen</translation>
    </message>
    <message>
        <source>Shelve “%1”</source>
        <translation>„%1“ zurückstellen</translation>
    </message>
    <message>
        <source>Unshelve “%1”</source>
        <translation>„%1“ wieder aufnehmen</translation>
    </message>
    <message>
        <source>Assign “%1”</source>
        <translation>„%1“ zuweisen</translation>
    </message>
    <message>
        <source>Escalate “%1”</source>
        <translation>„%1“ eskalieren</translation>
    </message>
    <message>
        <source>Note on “%1”</source>
        <translation>Notiz zu „%1“</translation>
    </message>
    <message>
        <source>Sound for new alarms</source>
        <translation>Ton bei neuen Alarmen</translation>
    </message>
    <message>
        <source>%1: done on this gateway; not yet shared with the NOC: %2</source>
        <translation>%1: auf diesem Gateway erledigt; noch nicht mit der Leitwarte geteilt: %2</translation>
    </message>
    <message>
        <source>Since %1</source>
        <translation>Seit %1</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 alarm groups to look at per 10 min per operator, from %n alarm(s) (ISA-18.2: about 1 is manageable, over 10 is a flood) · busiest 10 min: %3</source>
        <translation>
            <numerusform>%1: %2 Alarmgruppen zum Ansehen pro 10 min pro Bediener, aus %n Alarm (ISA-18.2: etwa 1 ist beherrschbar, über 10 ist eine Flut) · dichteste 10 min: %3</numerusform>
            <numerusform>%1: %2 Alarmgruppen zum Ansehen pro 10 min pro Bediener, aus %n Alarmen (ISA-18.2: etwa 1 ist beherrschbar, über 10 ist eine Flut) · dichteste 10 min: %3</numerusform>
        </translation>
    </message>
    <message>
        <source> · the cluster runs %1× faster than this screen; on its clock: %2 per 10 min, busiest %3</source>
        <translation> · der Cluster läuft %1× schneller als dieser Bildschirm; nach seiner Uhr: %2 pro 10 min, dichteste %3</translation>
    </message>
    <message>
        <source>What reached you: the alarms raised, counted as the list shows them. Alarms joining one group (an incident&apos;s, or one cause in one row) within ten minutes are one thing to look at; an alarm on its own is one. Live, counted when they reached the screen; replayed, when they were raised.</source>
        <translation>Was Sie erreicht hat: die ausgelösten Alarme, gezählt, wie die Liste sie zeigt. Alarme, die innerhalb von zehn Minuten zu einer Gruppe kommen (der eines Vorfalls oder einer Ursache in einer Reihe), sind eine Sache zum Ansehen; ein Alarm für sich ist eine. Live gezählt, wann sie den Bildschirm erreichten; in der Wiedergabe, wann sie ausgelöst wurden.</translation>
    </message>
    <message>
        <source>Acknowledge	A</source>
        <translation>Bestätigen	A</translation>
    </message>
    <message>
        <source>Shelve…	S</source>
        <translation>Zurückstellen…	S</translation>
    </message>
    <message>
        <source>Unshelve	U</source>
        <translation>Zurückholen	U</translation>
    </message>
    <message>
        <source>Assign…	O</source>
        <translation>Zuweisen…	O</translation>
    </message>
    <message>
        <source>Escalate…	E</source>
        <translation>Eskalieren…	E</translation>
    </message>
    <message>
        <source>Note…	N</source>
        <translation>Notiz…	N</translation>
    </message>
    <message numerus="yes">
        <source>%1: done on %2; not on %n: %3</source>
        <translation>
            <numerusform>%1: bei %2 erledigt; bei %n nicht: %3</numerusform>
            <numerusform>%1: bei %2 erledigt; bei %n nicht: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alarms of %1</source>
        <translation>
            <numerusform>%n Alarm von %1</numerusform>
            <numerusform>%n Alarme von %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alarms</source>
        <translation>
            <numerusform>%n Alarm</numerusform>
            <numerusform>%n Alarme</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1”: replayed alarms cannot be acted on; go back to live to act.</source>
        <translation>„%1“: Alarme einer Wiedergabe lassen sich nicht bearbeiten; zum Bearbeiten zurück zu live.</translation>
    </message>
    <message>
        <source>Hand off…	H</source>
        <translation>Übergeben…	H</translation>
    </message>
</context>
<context>
    <name>vigil::BundleDialog</name>
    <message>
        <source>Export an incident bundle</source>
        <translation>Vorfallpaket exportieren</translation>
    </message>
    <message>
        <source>A standalone recording of this window — frames, events, gaps and bookmarks — that opens like any other recording.</source>
        <translation>Eine eigenständige Aufzeichnung dieses Zeitfensters – Frames, Ereignisse, Lücken und Lesezeichen –, die sich wie jede andere Aufzeichnung öffnen lässt.</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Bis</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <source>The end must come after the start.</source>
        <translation>Das Ende muss nach dem Beginn liegen.</translation>
    </message>
</context>
<context>
    <name>vigil::ChannelSecurity</name>
    <message>
        <source>a client certificate needs its private key, and a key its certificate (--tls-cert and --tls-key)</source>
        <translation>ein Client-Zertifikat braucht seinen privaten Schlüssel und ein Schlüssel sein Zertifikat (--tls-cert und --tls-key)</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>client certificate</source>
        <translation>Client-Zertifikat</translation>
    </message>
    <message>
        <source>client key</source>
        <translation>Client-Schlüssel</translation>
    </message>
    <message>
        <source>Reach the gateway over TLS, trusting the system&apos;s certificate authorities.</source>
        <translation>Das Gateway über TLS erreichen und den Zertifizierungsstellen des Systems vertrauen.</translation>
    </message>
    <message>
        <source>Reach the gateway over TLS, trusting only certificates these authorities (PEM) signed (default: $VIGIL_TLS_CA).</source>
        <translation>Das Gateway über TLS erreichen und nur Zertifikaten vertrauen, die diese Zertifizierungsstellen (PEM) signiert haben (Standard: $VIGIL_TLS_CA).</translation>
    </message>
    <message>
        <source>This client&apos;s certificate (PEM), for a gateway that asks for one (mutual TLS).</source>
        <translation>Das Zertifikat dieses Clients (PEM), für ein Gateway, das eines verlangt (gegenseitiges TLS).</translation>
    </message>
    <message>
        <source>The private key (PEM) of --tls-cert.</source>
        <translation>Der private Schlüssel (PEM) zu --tls-cert.</translation>
    </message>
    <message>
        <source>The name the gateway&apos;s certificate must carry, when it is not the host in the address.</source>
        <translation>Der Name, den das Zertifikat des Gateways tragen muss, wenn es nicht der Host der Adresse ist.</translation>
    </message>
    <message>
        <source>--tls-cert and --tls-key go together</source>
        <translation>--tls-cert und --tls-key gehören zusammen</translation>
    </message>
    <message>
        <source>--tls-server-name is for TLS: add --tls or --tls-ca</source>
        <translation>--tls-server-name gilt für TLS: --tls oder --tls-ca angeben</translation>
    </message>
</context>
<context>
    <name>vigil::ColorLegend</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>no reading</source>
        <translation>kein Messwert</translation>
    </message>
</context>
<context>
    <name>vigil::ConnectionStatusWidget</name>
    <message>
        <source>Connecting…</source>
        <translation>Verbinde…</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <translation>Verbinde neu…</translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation>Fortgesetzt</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>Letzter Fehler: %1</translation>
    </message>
    <message>
        <source>Gateway %1</source>
        <translation>Gateway %1</translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation>noch keine Daten</translation>
    </message>
    <message>
        <source>Data age &lt;span style=&apos;color:%1&apos;&gt;%2 s&lt;/span&gt;</source>
        <translation>Datenalter &lt;span style=&apos;color:%1&apos;&gt;%2 s&lt;/span&gt;</translation>
    </message>
    <message>
        <source>%1 frames/s</source>
        <translation>%1 Frames/s</translation>
    </message>
    <message>
        <source>no gaps</source>
        <translation>keine Lücken</translation>
    </message>
    <message>
        <source>Cluster time %1 UTC</source>
        <translation>Clusterzeit %1 UTC</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>the gateway restarted without its journal</source>
        <translation>das Gateway wurde ohne sein Journal neu gestartet</translation>
    </message>
    <message>
        <source>the outage outlasted the gateway&apos;s retained window</source>
        <translation>der Ausfall dauerte länger als das aufbewahrte Zeitfenster des Gateways</translation>
    </message>
    <message>
        <source>journal entries never arrived</source>
        <translation>Journal-Einträge kamen nie an</translation>
    </message>
    <message>
        <source>%1 → %2 UTC: %3</source>
        <translation>%1 → %2 UTC: %3</translation>
    </message>
    <message>
        <source>gaps in the stream: %1</source>
        <translation>Lücken im Datenstrom: %1</translation>
    </message>
    <message>
        <source>%1 UTC, then the cluster&apos;s clock went back to %2: %3</source>
        <translation>%1 UTC, dann ging die Uhr des Clusters zurück auf %2: %3</translation>
    </message>
    <message>
        <source>Gateway %1 · TLS</source>
        <translation>Gateway %1 · TLS</translation>
    </message>
    <message>
        <source>The stream and your token travel encrypted (TLS).</source>
        <translation>Der Datenstrom und Ihr Token reisen verschlüsselt (TLS).</translation>
    </message>
    <message>
        <source>The stream travels in the clear: fine on this machine, not across a network.</source>
        <translation>Der Datenstrom reist unverschlüsselt: auf diesem Rechner in Ordnung, nicht über ein Netzwerk.</translation>
    </message>
    <message>
        <source>Showing data from %1 s ago — reconnecting to %2</source>
        <translation>Daten von vor %1 s — verbinde neu mit %2</translation>
    </message>
</context>
<context>
    <name>vigil::CostSettingsDialog</name>
    <message>
        <source>Pricing the cost of grit</source>
        <translation>Die Kosten der Feuerwehreinsätze bepreisen</translation>
    </message>
    <message>
        <source>What one GPU-hour costs you (USD), owned or rented: it turns lost hours into money</source>
        <translation>Was Sie eine GPU-Stunde kostet (USD), eigen oder gemietet: macht aus verlorenen Stunden Geld</translation>
    </message>
    <message>
        <source>A failure counts as preventable when its cause warned at least this long before and was not drained</source>
        <translation>Ein Ausfall gilt als vermeidbar, wenn seine Ursache mindestens so lange vorher warnte und nicht entleert wurde</translation>
    </message>
    <message>
        <source>The site&apos;s offset from UTC, e.g. +09:00: night-time actions are flagged in local time</source>
        <translation>Der Abstand des Standorts zu UTC, z. B. +09:00: nächtliche Eingriffe werden in Ortszeit markiert</translation>
    </message>
    <message>
        <source>The night&apos;s first and last hour, local time, e.g. 22-6</source>
        <translation>Erste und letzte Stunde der Nacht, Ortszeit, z. B. 22-6</translation>
    </message>
    <message>
        <source>Price per GPU-hour (USD):</source>
        <translation>Preis pro GPU-Stunde (USD):</translation>
    </message>
    <message>
        <source>Lead time (hours):</source>
        <translation>Vorlaufzeit (Stunden):</translation>
    </message>
    <message>
        <source>Site time zone (UTC±hh:mm):</source>
        <translation>Zeitzone des Standorts (UTC±hh:mm):</translation>
    </message>
    <message>
        <source>Night hours:</source>
        <translation>Nachtstunden:</translation>
    </message>
    <message>
        <source>The price per GPU-hour “%1” is not a number.</source>
        <translation>Der Preis pro GPU-Stunde „%1“ ist keine Zahl.</translation>
    </message>
    <message>
        <source>The lead time “%1” is not a number of hours.</source>
        <translation>Die Vorlaufzeit „%1“ ist keine Stundenzahl.</translation>
    </message>
    <message>
        <source>The time zone “%1” is not an offset like +09:00 or -5.</source>
        <translation>Die Zeitzone „%1“ ist kein Abstand wie +09:00 oder -5.</translation>
    </message>
    <message>
        <source>The night hours “%1” are not two hours like 22-6.</source>
        <translation>Die Nachtstunden „%1“ sind keine zwei Stunden wie 22-6.</translation>
    </message>
    <message>
        <source>Not taken: %1.</source>
        <translation>Nicht übernommen: %1.</translation>
    </message>
</context>
<context>
    <name>vigil::DebtTableModel</name>
    <message numerus="yes">
        <source>%1 on %2 since %3 (%4 ago), last at %5. If it fails, it takes %n GPU(s) of running jobs with it.</source>
        <translation>
            <numerusform>%1 an %2 seit %3 (vor %4), zuletzt um %5. Fällt es aus, reißt es %n GPU laufender Jobs mit.</numerusform>
            <numerusform>%1 an %2 seit %3 (vor %4), zuletzt um %5. Fällt es aus, reißt es %n GPUs laufender Jobs mit.</numerusform>
        </translation>
    </message>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>The chance a day that a warning of this kind is followed by a failure (learned from this history) × the GPUs of running jobs within its reach × what a failure has cost per GPU × the price per GPU-hour.</source>
        <translation>Die Wahrscheinlichkeit pro Tag, dass auf eine Warnung dieser Art ein Ausfall folgt (aus diesem Verlauf gelernt) × die GPUs laufender Jobs in ihrer Reichweite × was ein Ausfall pro GPU gekostet hat × der Preis pro GPU-Stunde.</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Open for</source>
        <translation>Offen seit</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>Bestätigt von</translation>
    </message>
    <message>
        <source>GPUs at risk</source>
        <translation>Gefährdete GPUs</translation>
    </message>
    <message>
        <source>Expected cost / day</source>
        <translation>Erwartete Kosten / Tag</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>Empfohlen</translation>
    </message>
    <message>
        <source>A failure within 72 h is %1 likely (%2 to %3), no likelier than for any part of its kind: the warning adds nothing to the debt.</source>
        <translation>Ein Ausfall binnen 72 h ist zu %1 wahrscheinlich (%2 bis %3), nicht wahrscheinlicher als bei jedem Teil seiner Art: Die Warnung erhöht die Schulden nicht.</translation>
    </message>
    <message>
        <source>base rate</source>
        <translation>Grundrate</translation>
    </message>
</context>
<context>
    <name>vigil::DetailsDock</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>last %1 min</source>
        <translation>letzte %1 min</translation>
    </message>
    <message>
        <source>last %1 h</source>
        <translation>letzte %1 h</translation>
    </message>
    <message>
        <source>Node %1, slot %2 — %3</source>
        <translation>Knoten %1, Einschub %2 — %3</translation>
    </message>
    <message>
        <source>Temperature, %1</source>
        <translation>Temperatur, %1</translation>
    </message>
    <message>
        <source>Power, %1</source>
        <translation>Leistung, %1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>Rack</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>Knoten %1</translation>
    </message>
    <message>
        <source>Inlet air, rack %1</source>
        <translation>Zuluft, Rack %1</translation>
    </message>
    <message>
        <source>PDU load of rating</source>
        <translation>PDU-Last in % der Nennleistung</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>Utilisation and memory, %1</source>
        <translation>Auslastung und Speicher, %1</translation>
    </message>
    <message>
        <source>utilisation</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
</context>
<context>
    <name>vigil::EventDock</name>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Everything</source>
        <translation>Alles</translation>
    </message>
    <message>
        <source>Without checkpoints and acknowledgements</source>
        <translation>Ohne Checkpoints und Quittierungen</translation>
    </message>
    <message>
        <source>Warnings, failures and operators&apos; actions</source>
        <translation>Warnungen, Ausfälle und Eingriffe</translation>
    </message>
</context>
<context>
    <name>vigil::EventLogModel</name>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Bediener</translation>
    </message>
    <message>
        <source>Bookmark</source>
        <translation>Lesezeichen</translation>
    </message>
    <message>
        <source>%1 (marks %2 UTC)</source>
        <translation>%1 (markiert %2 UTC)</translation>
    </message>
</context>
<context>
    <name>vigil::FleetTableModel</name>
    <message>
        <source>rack %1</source>
        <translation>Rack %1</translation>
    </message>
    <message>
        <source>%1, all racks</source>
        <translation>%1, alle Racks</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>Modell %1</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Ausfälle</translation>
    </message>
    <message>
        <source>Per 1,000 GPU-days</source>
        <translation>Je 1.000 GPU-Tage</translation>
    </message>
    <message>
        <source>A GPU&apos;s MTBF (h)</source>
        <translation>MTBF einer GPU (h)</translation>
    </message>
    <message numerus="yes">
        <source>lemon position %1 (%Ln different part(s) named)</source>
        <translation>
            <numerusform>Montagsplatz %1 (%Ln Teil genannt)</numerusform>
            <numerusform>Montagsplatz %1 (%Ln verschiedene Teile genannt)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>lemon part %1 (failed in %Ln slot(s))</source>
        <translation>
            <numerusform>Montagsteil %1 (in %Ln Steckplatz ausgefallen)</numerusform>
            <numerusform>Montagsteil %1 (in %Ln Steckplätzen ausgefallen)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::HandOffDialog</name>
    <message>
        <source>Drain it now, so no job lands on it meanwhile</source>
        <translation>Jetzt drainen, damit inzwischen kein Job darauf landet</translation>
    </message>
    <message>
        <source>Hand off %1</source>
        <translation>%1 übergeben</translation>
    </message>
    <message>
        <source>The gateway hands it to the site&apos;s webhook or script (ticketing, automation). The hand-off and the site&apos;s answer are recorded, and every dashboard sees them.</source>
        <translation>Das Gateway übergibt es an den Webhook oder das Skript des Standorts (Ticketsystem, Automatisierung). Die Übergabe und die Antwort des Standorts werden aufgezeichnet, und jedes Dashboard sieht sie.</translation>
    </message>
    <message>
        <source>Hand off</source>
        <translation>Übergeben</translation>
    </message>
    <message>
        <source>Part:</source>
        <translation>Teil:</translation>
    </message>
    <message>
        <source>Recommended:</source>
        <translation>Empfohlen:</translation>
    </message>
    <message>
        <source>Action:</source>
        <translation>Maßnahme:</translation>
    </message>
    <message>
        <source>Note for the ticket:</source>
        <translation>Notiz für das Ticket:</translation>
    </message>
    <message>
        <source>The note is %1 bytes; the gateway takes %2 at most.</source>
        <translation>Die Notiz hat %1 Bytes; das Gateway nimmt höchstens %2 an.</translation>
    </message>
</context>
<context>
    <name>vigil::HandOffFlow</name>
    <message>
        <source>Hand off %1: a replay cannot hand anything off; go back to live to act.</source>
        <translation>%1 übergeben: eine Wiedergabe kann nichts übergeben; zum Handeln zurück zu live.</translation>
    </message>
    <message>
        <source>Hand off %1: not connected to a gateway.</source>
        <translation>%1 übergeben: nicht mit einem Gateway verbunden.</translation>
    </message>
    <message>
        <source>Hand off %1 (%2)</source>
        <translation>%1 übergeben (%2)</translation>
    </message>
    <message>
        <source>%1: sending…</source>
        <translation>%1: wird gesendet…</translation>
    </message>
    <message>
        <source>%1: refused by the gateway: %2</source>
        <translation>%1: vom Gateway abgelehnt: %2</translation>
    </message>
    <message>
        <source>%1: handed to the gateway; the site&apos;s answer will show in the event log.</source>
        <translation>%1: an das Gateway übergeben; die Antwort des Standorts erscheint im Ereignisprotokoll.</translation>
    </message>
</context>
<context>
    <name>vigil::IncidentDock</name>
    <message>
        <source>Incidents</source>
        <translation>Vorfälle</translation>
    </message>
    <message>
        <source>Open warnings</source>
        <translation>Offene Warnungen</translation>
    </message>
    <message>
        <source>Lemons</source>
        <translation>Sorgenkinder</translation>
    </message>
    <message>
        <source>Interventions</source>
        <translation>Eingriffe</translation>
    </message>
    <message>
        <source>Price…</source>
        <translation>Preis…</translation>
    </message>
    <message>
        <source>The price per GPU-hour, the lead time that makes a failure preventable, the site&apos;s night hours</source>
        <translation>Der Preis pro GPU-Stunde, die Vorlaufzeit, ab der ein Ausfall vermeidbar ist, die Nachtstunden des Standorts</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) about jobs or entities the topology does not know, skipped</source>
        <translation>
            <numerusform>%n Ereignis zu Jobs oder Objekten, die die Topologie nicht kennt, übersprungen</numerusform>
            <numerusform>%n Ereignisse zu Jobs oder Objekten, die die Topologie nicht kennt, übersprungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate event(s) ignored</source>
        <translation>
            <numerusform>%n doppeltes Ereignis ignoriert</numerusform>
            <numerusform>%n doppelte Ereignisse ignoriert</numerusform>
        </translation>
    </message>
    <message>
        <source>Incidents (%1)</source>
        <translation>Vorfälle (%1)</translation>
    </message>
    <message>
        <source>Open warnings (%1)</source>
        <translation>Offene Warnungen (%1)</translation>
    </message>
    <message>
        <source>Lemons (%1)</source>
        <translation>Sorgenkinder (%1)</translation>
    </message>
    <message>
        <source>Interventions (%1)</source>
        <translation>Eingriffe (%1)</translation>
    </message>
    <message>
        <source>Slowdowns</source>
        <translation>Verlangsamungen</translation>
    </message>
    <message>
        <source>Slowdowns (%1)</source>
        <translation>Verlangsamungen (%1)</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>Flotte</translation>
    </message>
    <message>
        <source>Fleet (%1 failures)</source>
        <translation>Flotte (%1 Ausfälle)</translation>
    </message>
    <message>
        <source>The %1 costliest are listed</source>
        <translation>Die %1 teuersten sind aufgeführt</translation>
    </message>
    <message>
        <source>Lost %1 GPU-h (%2; %11 of them to slow steps) · ETTR %3 % · MTBF %4 h · MTTR %5 min · preventable %6 % · %7 hands-on actions (%8 at night, %9 operator-h) · open warnings worth acting on cost %10 a day · from %13 to %12 UTC</source>
        <translation>Verloren %1 GPU-h (%2; davon %11 an langsame Schritte) · ETTR %3 % · MTBF %4 h · MTTR %5 min · vermeidbar %6 % · %7 Eingriffe von Hand (%8 nachts, %9 Bediener-h) · offene Warnungen, bei denen sich Handeln lohnt, kosten %10 am Tag · von %13 bis %12 UTC</translation>
    </message>
    <message>
        <source>The cost of grit over the period shown (live: the last %3 days of the cluster and the %4 days of warnings before them, or the newest %5 hardware, job and operator events when those days hold more; replayed: the recording), at $%1 per GPU-hour and a lead time of %2 h: GPU-hours lost to failures (downtime plus steps trained again), what share came after warnings that were visible for over the lead time and not dealt with, and the manual work it took (docs/cost-model.md).</source>
        <translation>Die Kosten der Feuerwehreinsätze im gezeigten Zeitraum (live: die letzten %3 Tage des Clusters und die %4 Tage Warnungen davor, oder die neuesten %5 Hardware-, Job- und Bedienerereignisse, wenn diese Tage mehr enthalten; in der Wiedergabe: die Aufzeichnung), bei $%1 pro GPU-Stunde und einer Vorlaufzeit von %2 h: durch Ausfälle verlorene GPU-Stunden (Stillstand plus erneut trainierte Schritte), welcher Anteil auf Warnungen folgte, die länger als die Vorlaufzeit sichtbar waren und nicht behoben wurden, und die nötige Handarbeit (docs/cost-model.md).</translation>
    </message>
    <message>
        <source>Hand off…</source>
        <translation>Übergeben…</translation>
    </message>
    <message>
        <source>Hand the recommended action for the selected incident&apos;s cause or open warning to the site&apos;s webhook or script, through the gateway (Ctrl+Shift+H)</source>
        <translation>Die empfohlene Maßnahme für die Ursache des gewählten Vorfalls oder die offene Warnung über das Gateway an den Webhook oder das Skript des Standorts übergeben (Strg+Umschalt+H)</translation>
    </message>
    <message>
        <source>A replay cannot hand anything off: go back to live (Ctrl+L) to act</source>
        <translation>Eine Wiedergabe kann nichts übergeben: zum Handeln zurück zu live (Strg+L)</translation>
    </message>
</context>
<context>
    <name>vigil::IncidentTableModel</name>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %2 from %3 (%n time(s)), %4</source>
        <translation>
            <numerusform>%1 an %2 seit %3 (%n Mal), %4</numerusform>
            <numerusform>%1 an %2 seit %3 (%n Mal), %4</numerusform>
        </translation>
    </message>
    <message>
        <source>unacknowledged</source>
        <translation>unbestätigt</translation>
    </message>
    <message>
        <source>acknowledged by %1</source>
        <translation>bestätigt von %1</translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation>%1 an %2 um %3</translation>
    </message>
    <message>
        <source>no precursor seen</source>
        <translation>keine Vorwarnung gesehen</translation>
    </message>
    <message>
        <source>job %1: %2 at step %3</source>
        <translation>Job %1: %2 bei Schritt %3</translation>
    </message>
    <message>
        <source>restarted by hand after %1 min</source>
        <translation>nach %1 min von Hand neu gestartet</translation>
    </message>
    <message>
        <source>restarted automatically after %1 min</source>
        <translation>nach %1 min automatisch neu gestartet</translation>
    </message>
    <message>
        <source>rolled back %1 steps to checkpoint %2</source>
        <translation>%1 Schritte auf Checkpoint %2 zurückgesetzt</translation>
    </message>
    <message>
        <source>still down</source>
        <translation>noch ausgefallen</translation>
    </message>
    <message>
        <source>the run was aborted</source>
        <translation>der Lauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>%1 GPUs × %2 h = %3 GPU-h, %4</source>
        <translation>%1 GPUs × %2 h = %3 GPU-h, %4</translation>
    </message>
    <message>
        <source>it had been drained in time</source>
        <translation>es war rechtzeitig entleert worden</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>recovered</source>
        <translation>wiederhergestellt</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>Warned</source>
        <translation>Vorwarnung</translation>
    </message>
    <message>
        <source>Lost GPU-h</source>
        <translation>Verlorene GPU-h</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Preventable</source>
        <translation>Vermeidbar</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>show</source>
        <translation>zeigen</translation>
    </message>
    <message>
        <source>preventable: it warned %1 h before, and %2 % of such warnings are followed by a failure within 72 h (%3 cases)</source>
        <translation>vermeidbar: es warnte %1 h vorher, und auf %2 % solcher Warnungen folgt binnen 72 h ein Ausfall (%3 Fälle)</translation>
    </message>
    <message>
        <source>not preventable: it warned %1 h before, but only %2 % of such warnings are followed by a failure within 72 h (%3 cases)</source>
        <translation>nicht vermeidbar: es warnte %1 h vorher, aber nur auf %2 % solcher Warnungen folgt binnen 72 h ein Ausfall (%3 Fälle)</translation>
    </message>
    <message>
        <source>not preventable: it warned only %1 h before, too late to drain or swap it</source>
        <translation>nicht vermeidbar: es warnte erst %1 h vorher, zu spät, um es zu entleeren oder zu tauschen</translation>
    </message>
    <message>
        <source>not preventable: it failed with no warning before</source>
        <translation>nicht vermeidbar: es fiel ohne vorherige Warnung aus</translation>
    </message>
    <message>
        <source>recommended: %1 (%2)</source>
        <translation>empfohlen: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>vigil::InterventionTableModel</name>
    <message>
        <source>(automation)</source>
        <translation>(Automatik)</translation>
    </message>
    <message>
        <source>night</source>
        <translation>nachts</translation>
    </message>
    <message>
        <source>%1, %2 after the failure</source>
        <translation>%1, %2 nach dem Ausfall</translation>
    </message>
    <message>
        <source>Nothing in the event stream measures hands-on time: each action is counted at the typical time an action of its kind takes (docs/cost-model.md).</source>
        <translation>Nichts im Ereignisstrom misst die Arbeitszeit: Jeder Eingriff zählt mit der typischen Dauer seiner Art (docs/cost-model.md).</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Nacht</translation>
    </message>
    <message>
        <source>Hands-on</source>
        <translation>Arbeitszeit</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Beantwortet</translation>
    </message>
</context>
<context>
    <name>vigil::JobTableModel</name>
    <message>
        <source>%1 k</source>
        <translation>%1 Tsd.</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 Mio.</translation>
    </message>
</context>
<context>
    <name>vigil::JobsDock</name>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
</context>
<context>
    <name>vigil::LemonTableModel</name>
    <message>
        <source>Entity</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Incidents caused</source>
        <translation>Verursachte Vorfälle</translation>
    </message>
    <message>
        <source>Lost GPU-h</source>
        <translation>Verlorene GPU-h</translation>
    </message>
</context>
<context>
    <name>vigil::MainWindow</name>
    <message>
        <source>Vigil — GPU cluster operations</source>
        <translation>Vigil — Betrieb von GPU-Clustern</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Vigil</source>
        <translation>&amp;Über Vigil</translation>
    </message>
    <message>
        <source>About Vigil</source>
        <translation>Über Vigil</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Vigil %1&lt;/h3&gt;&lt;p&gt;An operations dashboard for GPU training clusters: live rack map, telemetry over gRPC, and the cost of keeping a run alive made visible.&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Vigil %1&lt;/h3&gt;&lt;p&gt;Ein Betriebs-Dashboard für GPU-Trainingscluster: Live-Rackplan, Telemetrie über gRPC, und die Kosten, einen Lauf am Leben zu halten, sichtbar gemacht.&lt;/p&gt;&lt;p&gt;Lizenziert unter der GNU General Public License, Version 3 oder später.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Nothing matches &apos;%1&apos;</source>
        <translation>Nichts passt zu „%1“</translation>
    </message>
    <message>
        <source>That event is older than the events kept in the log</source>
        <translation>Dieses Ereignis ist älter als die im Protokoll gehaltenen</translation>
    </message>
    <message>
        <source>Part of the history could not be read: %1</source>
        <translation>Ein Teil des Verlaufs konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Saved pricing not taken, the defaults stand in (File → Pricing): %1</source>
        <translation>Gespeicherte Preise nicht übernommen, es gelten die Vorgaben (Datei → Preise): %1</translation>
    </message>
    <message>
        <source>&amp;Pricing the cost of grit…</source>
        <translation>&amp;Preise für die Kosten der Feuerwehreinsätze…</translation>
    </message>
    <message numerus="yes">
        <source>%n new alarm(s) to acknowledge, the highest %1</source>
        <translation>
            <numerusform>%n neuer Alarm zu bestätigen, höchste Priorität %1</numerusform>
            <numerusform>%n neue Alarme zu bestätigen, höchste Priorität %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Maintenance-debt &amp;report…</source>
        <translation>Bericht über &amp;Wartungsschulden…</translation>
    </message>
    <message>
        <source>Live views show now: open the recording (Ctrl+O) to go back to %1</source>
        <translation>Live-Ansichten zeigen das Jetzt: Aufzeichnung öffnen (Strg+O), um zu %1 zurückzugehen</translation>
    </message>
    <message>
        <source>&amp;Hand off the selected incident&apos;s or warning&apos;s action…</source>
        <translation>Maßnahme des gewählten Vorfalls oder der Warnung &amp;übergeben…</translation>
    </message>
</context>
<context>
    <name>vigil::RackMapPresenter</name>
    <message>
        <source>no reading</source>
        <translation>kein Messwert</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>im Leerlauf</translation>
    </message>
    <message>
        <source>Silent GPUs: %1</source>
        <translation>Stumme GPUs: %1</translation>
    </message>
    <message>
        <source>Unplaced GPUs: %1</source>
        <translation>Nicht verortete GPUs: %1</translation>
    </message>
    <message>
        <source>Racks placed automatically: %1</source>
        <translation>Automatisch platzierte Racks: %1</translation>
    </message>
    <message>
        <source>Hardware failures, %1</source>
        <translation>Hardwareausfälle, %1</translation>
    </message>
    <message>
        <source>failures per rack</source>
        <translation>Ausfälle je Rack</translation>
    </message>
    <message>
        <source>failures per GPU</source>
        <translation>Ausfälle je GPU</translation>
    </message>
    <message>
        <source>Lost GPU-hours at the rack of their cause, %1</source>
        <translation>Verlorene GPU-Stunden am Rack ihrer Ursache, %1</translation>
    </message>
    <message>
        <source>GPU-h per rack</source>
        <translation>GPU-h je Rack</translation>
    </message>
    <message>
        <source>GPU-h per GPU</source>
        <translation>GPU-h je GPU</translation>
    </message>
    <message>
        <source>&amp;Count over</source>
        <translation>&amp;Zählen über</translation>
    </message>
    <message>
        <source>Shift+drag on the replay timeline to select a span</source>
        <translation>Mit Umschalt+Ziehen auf der Zeitleiste einen Zeitraum auswählen</translation>
    </message>
    <message>
        <source>Next count span</source>
        <translation>Nächster Zählzeitraum</translation>
    </message>
    <message>
        <source>Hardware errors, %1</source>
        <translation>Hardwarefehler, %1</translation>
    </message>
    <message>
        <source>errors per rack</source>
        <translation>Fehler je Rack</translation>
    </message>
    <message>
        <source>errors per GPU</source>
        <translation>Fehler je GPU</translation>
    </message>
    <message>
        <source>Alarms raised, %1</source>
        <translation>Ausgelöste Alarme, %1</translation>
    </message>
    <message>
        <source>alarms per rack</source>
        <translation>Alarme je Rack</translation>
    </message>
    <message>
        <source>alarms per GPU</source>
        <translation>Alarme je GPU</translation>
    </message>
    <message numerus="yes">
        <source>Incidents at their cause, %1 (%Ln without a cause not drawn)</source>
        <translation>
            <numerusform>Vorfälle an ihrer Ursache, %1 (%Ln ohne Ursache nicht eingezeichnet)</numerusform>
            <numerusform>Vorfälle an ihrer Ursache, %1 (%Ln ohne Ursache nicht eingezeichnet)</numerusform>
        </translation>
    </message>
    <message>
        <source>Incidents at their cause, %1</source>
        <translation>Vorfälle an ihrer Ursache, %1</translation>
    </message>
    <message>
        <source>incidents per rack</source>
        <translation>Vorfälle je Rack</translation>
    </message>
    <message>
        <source>incidents per GPU</source>
        <translation>Vorfälle je GPU</translation>
    </message>
    <message>
        <source>%1 to %2 UTC</source>
        <translation>%1 bis %2 UTC</translation>
    </message>
</context>
<context>
    <name>vigil::RackMapWidget</name>
    <message>
        <source>Waiting for the cluster&apos;s topology…</source>
        <translation>Warte auf die Topologie des Clusters…</translation>
    </message>
    <message>
        <source>%1 — all halls</source>
        <translation>%1 — alle Hallen</translation>
    </message>
    <message>
        <source>%1 › row %2 › rack %3</source>
        <translation>%1 › Reihe %2 › Rack %3</translation>
    </message>
    <message>
        <source>unplaced</source>
        <translation>nicht verortet</translation>
    </message>
    <message>
        <source>Each rack shows its commonest value — zoom in for single GPUs</source>
        <translation>Jedes Rack zeigt seinen häufigsten Wert — hineinzoomen für einzelne GPUs</translation>
    </message>
    <message>
        <source>Each rack shows its most extreme GPU — zoom in for single GPUs</source>
        <translation>Jedes Rack zeigt seine extremste GPU — hineinzoomen für einzelne GPUs</translation>
    </message>
    <message>
        <source>Each rack shows the sum of its GPUs — zoom in for single GPUs</source>
        <translation>Jedes Rack zeigt die Summe seiner GPUs – für einzelne GPUs hineinzoomen</translation>
    </message>
</context>
<context>
    <name>vigil::RecordAction</name>
    <message>
        <source>&amp;Record the live stream</source>
        <translation>Live-Datenstrom auf&amp;zeichnen</translation>
    </message>
    <message>
        <source>Keep a flight recording of everything the gateway sends</source>
        <translation>Alles, was das Gateway sendet, im Flugschreiber aufzeichnen</translation>
    </message>
    <message>
        <source>Cannot record</source>
        <translation>Aufzeichnung nicht möglich</translation>
    </message>
</context>
<context>
    <name>vigil::RecorderIndicator</name>
    <message>
        <source>● Recording paused: %1</source>
        <translation>● Aufzeichnung angehalten: %1</translation>
    </message>
    <message>
        <source>● REC %1</source>
        <translation>● REC %1</translation>
    </message>
    <message>
        <source>Recording to %1
%2 frames, %3 events since it started; %4 frames lost</source>
        <translation>Aufzeichnung nach %1
%2 Frames, %3 Ereignisse seit dem Start; %4 Frames verloren</translation>
    </message>
</context>
<context>
    <name>vigil::ReplayBar</name>
    <message>
        <source>Go to the start of the recording (Home)</source>
        <translation>Zum Anfang der Aufzeichnung (Pos1)</translation>
    </message>
    <message>
        <source>Previous frame (←)</source>
        <translation>Vorheriger Frame (←)</translation>
    </message>
    <message>
        <source>Next frame (→)</source>
        <translation>Nächster Frame (→)</translation>
    </message>
    <message>
        <source>Replay speed: simulated seconds per second</source>
        <translation>Wiedergabegeschwindigkeit: Clustersekunden pro Sekunde</translation>
    </message>
    <message>
        <source>Bookmark</source>
        <translation>Lesezeichen</translation>
    </message>
    <message>
        <source>Add a bookmark with a note at this instant, stored in the recording (B)</source>
        <translation>Ein Lesezeichen mit Notiz an diesem Zeitpunkt setzen, in der Aufzeichnung gespeichert (B)</translation>
    </message>
    <message>
        <source>Back to live</source>
        <translation>Zurück zu live</translation>
    </message>
    <message>
        <source>Leave the replay and show the live cluster again</source>
        <translation>Wiedergabe verlassen und wieder den Live-Cluster zeigen</translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation>Pause (Leertaste)</translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation>Abspielen (Leertaste)</translation>
    </message>
    <message>
        <source>REPLAY %1 · %2 · %3</source>
        <translation>WIEDERGABE %1 · %2 · %3</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
</context>
<context>
    <name>vigil::ReplayController</name>
    <message>
        <source>Replay</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>&amp;Open recording…</source>
        <translation>Aufzeichnung ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Back to &amp;live</source>
        <translation>Zurück zu &amp;live</translation>
    </message>
    <message>
        <source>Export incident &amp;bundle…</source>
        <translation>Vorfall&amp;paket exportieren …</translation>
    </message>
    <message>
        <source>&amp;Import event history…</source>
        <translation>Ereignishistorie &amp;importieren …</translation>
    </message>
    <message>
        <source>Add events from another system (CSV or JSON lines) to the open recording</source>
        <translation>Ereignisse aus einem anderen System (CSV oder JSON-Zeilen) der geöffneten Aufzeichnung hinzufügen</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>Aufzeichnung öffnen</translation>
    </message>
    <message>
        <source>Opening %1 cancelled</source>
        <translation>Öffnen von %1 abgebrochen</translation>
    </message>
    <message>
        <source>Cannot open the recording</source>
        <translation>Aufzeichnung kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 · cluster time %2 UTC%3</source>
        <translation>%1 · Clusterzeit %2 UTC%3</translation>
    </message>
    <message>
        <source> · rebuilding history…</source>
        <translation> · Verlauf wird wiederhergestellt …</translation>
    </message>
    <message>
        <source>Open &amp;history from Prometheus…</source>
        <translation>&amp;Verlauf aus Prometheus öffnen…</translation>
    </message>
    <message>
        <source>Scrub a span this dashboard never recorded, from the time-series database</source>
        <translation>Einen nie aufgezeichneten Zeitraum aus der Zeitreihendatenbank durchsuchen</translation>
    </message>
    <message>
        <source>the gateway is older than shared bookmarks</source>
        <translation>das Gateway ist älter als geteilte Lesezeichen</translation>
    </message>
</context>
<context>
    <name>vigil::ReportWindow</name>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>&amp;PDF exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>&amp;CSV exportieren…</translation>
    </message>
    <message>
        <source>Maintenance-debt report — %1</source>
        <translation>Bericht über Wartungsschulden — %1</translation>
    </message>
    <message>
        <source>The last 7 days</source>
        <translation>Die letzten 7 Tage</translation>
    </message>
    <message>
        <source>The last 30 days</source>
        <translation>Die letzten 30 Tage</translation>
    </message>
    <message>
        <source>From … to …</source>
        <translation>Von … bis …</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Letter</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>&amp;Anzeigen</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>Zeitraum:</translation>
    </message>
    <message>
        <source>Export the report as PDF</source>
        <translation>Den Bericht als PDF exportieren</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export the report&apos;s tables as CSV into</source>
        <translation>Die Tabellen des Berichts als CSV exportieren nach</translation>
    </message>
    <message>
        <source>Reading the recording and laying out the report…</source>
        <translation>Die Aufzeichnung wird gelesen und der Bericht gesetzt…</translation>
    </message>
    <message>
        <source>The report could not be made: %1</source>
        <translation>Der Bericht konnte nicht erstellt werden: %1</translation>
    </message>
    <message>
        <source>Nothing happened in this period.</source>
        <translation>In diesem Zeitraum ist nichts geschehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s): %1 GPU-hours lost, %2, in %3 disruptions.</source>
        <translation>
            <numerusform>%n Seite: %1 GPU-Stunden verloren, %2, bei %3 Unterbrechungen.</numerusform>
            <numerusform>%n Seiten: %1 GPU-Stunden verloren, %2, bei %3 Unterbrechungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Written: %1</source>
        <translation>Geschrieben: %1</translation>
    </message>
    <message numerus="yes">
        <source>Written: %n table(s) into %1</source>
        <translation>
            <numerusform>Geschrieben: %n Tabelle nach %1</numerusform>
            <numerusform>Geschrieben: %n Tabellen nach %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
    <message>
        <source>Writing the tables into %1…</source>
        <translation>Die Tabellen werden nach %1 geschrieben…</translation>
    </message>
</context>
<context>
    <name>vigil::SlowdownTableModel</name>
    <message>
        <source>%1 trained up to %2 % slower than its healthy pace (the median of the faster half of its hours over the week before) for %3 h: %4 GPU-hours of its steps beyond that pace (docs/cost-model.md).</source>
        <translation>%1 trainierte %3 h lang bis zu %2 % langsamer als sein gesundes Tempo (der Median der schnelleren Hälfte seiner Stunden in der Woche davor): %4 GPU-Stunden seiner Schritte über diesem Tempo (docs/cost-model.md).</translation>
    </message>
    <message>
        <source>%1 → %2 s (+%3 %)</source>
        <translation>%1 → %2 s (+%3 %)</translation>
    </message>
    <message>
        <source>no warning began with it</source>
        <translation>keine Warnung begann damit</translation>
    </message>
    <message>
        <source>%1 (changed by hand)</source>
        <translation>%1 (von Hand geändert)</translation>
    </message>
    <message>
        <source>Began</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Step time (healthy → worst)</source>
        <translation>Schrittzeit (gesund → schlechteste)</translation>
    </message>
    <message>
        <source>Began with</source>
        <translation>Begann mit</translation>
    </message>
    <message>
        <source>Lost GPU-h</source>
        <translation>Verlorene GPU-h</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
</context>
<context>
    <name>vigil::SourcesDock</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>vor %1 s</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>vor %1 min</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Last poll</source>
        <translation>Letzte Abfrage</translation>
    </message>
    <message>
        <source>Readings</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>Asking the gateway about its sources…</source>
        <translation>Das Gateway wird nach seinen Quellen gefragt…</translation>
    </message>
    <message>
        <source>This gateway does not report its sources (it is older than this dashboard).</source>
        <translation>Dieses Gateway meldet seine Quellen nicht (es ist älter als dieses Dashboard).</translation>
    </message>
    <message>
        <source>The gateway did not say: %1</source>
        <translation>Das Gateway hat nicht geantwortet: %1</translation>
    </message>
    <message>
        <source>rejected: %1</source>
        <translation>abgelehnt: %1</translation>
    </message>
    <message>
        <source>not on the stream: %1</source>
        <translation>nicht im Datenstrom: %1</translation>
    </message>
    <message>
        <source>The gateway reads no sources: a simulated or replayed cluster. (%1)</source>
        <translation>Das Gateway liest keine Quellen: ein simulierter oder wiedergegebener Cluster. (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n source(s), all reading. (%1)</source>
        <translation>
            <numerusform>%n Quelle, alle lesen. (%1)</numerusform>
            <numerusform>%n Quellen, alle lesen. (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s); %1 with rejected lines or an error — open one to see why. (%2)</source>
        <translation>
            <numerusform>%n Quelle; %1 mit abgelehnten Zeilen oder einem Fehler — zum Nachsehen aufklappen. (%2)</numerusform>
            <numerusform>%n Quellen; %1 mit abgelehnten Zeilen oder einem Fehler — zum Nachsehen aufklappen. (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>speaks %1, read in each field&apos;s one unit</source>
        <translation>spricht %1, jedes Feld in seiner einen Einheit gelesen</translation>
    </message>
</context>
<context>
    <name>vigil::TimeSeriesChart</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Exported from Vigil</source>
        <translation>Aus Vigil exportiert</translation>
    </message>
    <message>
        <source>Cannot encode the chart as PNG</source>
        <translation>Das Diagramm kann nicht als PNG kodiert werden</translation>
    </message>
    <message>
        <source>No data yet</source>
        <translation>Noch keine Daten</translation>
    </message>
</context>
<context>
    <name>vigil::TimelineWidget</name>
    <message>
        <source>Recording timeline</source>
        <translation>Zeitleiste der Aufzeichnung</translation>
    </message>
    <message>
        <source>No recording open</source>
        <translation>Keine Aufzeichnung geöffnet</translation>
    </message>
    <message>
        <source>Bookmark: %1 (%2)</source>
        <translation>Lesezeichen: %1 (%2)</translation>
    </message>
    <message>
        <source>Downsampled: each minute&apos;s lowest and highest readings</source>
        <translation>Ausgedünnt: je Minute niedrigster und höchster Messwert</translation>
    </message>
    <message>
        <source>No data %1 – %2: %3</source>
        <translation>Keine Daten %1 – %2: %3</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>Events here: %1 critical, %2 warning, %3 info</source>
        <translation>Ereignisse hier: %1 kritisch, %2 Warnung, %3 Info</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 Tage</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Selected: %1 – %2 (Esc clears; Shift+drag selects another)</source>
        <translation>Ausgewählt: %1 – %2 (Esc hebt auf; Umschalt+Ziehen wählt neu)</translation>
    </message>
    <message>
        <source>Bookmark: %1 (%2, shared with the NOC)</source>
        <translation>Lesezeichen: %1 (%2, mit dem NOC geteilt)</translation>
    </message>
</context>
<context>
    <name>vigil::TrainingDock</name>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Loss against step</source>
        <translation>Loss über Schritt</translation>
    </message>
    <message>
        <source>Show loss against the training step: a rollback then shows the abandoned branch dimmed and the steps trained again shaded</source>
        <translation>Loss über dem Trainingsschritt zeigen: ein Rollback zeigt dann den verworfenen Zweig blass und die erneut trainierten Schritte schattiert</translation>
    </message>
    <message>
        <source>%1 (%2, %3 GPUs)</source>
        <translation>%1 (%2, %3 GPUs)</translation>
    </message>
    <message>
        <source>lost %1 h × %2 GPUs</source>
        <translation>verloren: %1 h × %2 GPUs</translation>
    </message>
    <message>
        <source>%1 steps trained again</source>
        <translation>%1 Schritte erneut trainiert</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>abandoned</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Export the loss chart</source>
        <translation>Loss-Diagramm exportieren</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>All-reduce wait</source>
        <translation>All-Reduce-Wartezeit</translation>
    </message>
    <message>
        <source>% of step</source>
        <translation>% des Schritts</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU-Leistung</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>power</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;CSV-Daten (*.csv)</translation>
    </message>
</context>
<context>
    <name>vigil::ViewActions</name>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit all</source>
        <translation>&amp;Alles zeigen</translation>
    </message>
    <message>
        <source>&amp;Wall display</source>
        <translation>&amp;Wanddisplay</translation>
    </message>
    <message>
        <source>&amp;Light palette</source>
        <translation>&amp;Helle Farben</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>Überlagerungen</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Find a host, GPU UUID, rack or job (Ctrl+F)</source>
        <translation>Host, GPU-UUID, Rack oder Job suchen (Strg+F)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>&amp;Relative to rack peers</source>
        <translation>&amp;Relativ zu den Nachbarn im Rack</translation>
    </message>
    <message>
        <source>Colour each GPU by its difference from its rack&apos;s median (R)</source>
        <translation>Jede GPU nach ihrer Abweichung vom Median ihres Racks färben (R)</translation>
    </message>
    <message>
        <source>&amp;Cycle overlays every 20 s</source>
        <translation>Überlagerungen alle 20 s &amp;wechseln</translation>
    </message>
    <message>
        <source>Cycle &amp;halls every 20 s</source>
        <translation>&amp;Hallen alle 20 s wechseln</translation>
    </message>
</context>
</TS>
