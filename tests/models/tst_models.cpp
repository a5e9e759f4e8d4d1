// SPDX-License-Identifier: GPL-3.0-or-later
// Overlays, the GPU hover text and the job table over a known cluster state.
#include "alarmshades.h"
#include "alarmtreemodel.h"
#include "analysis/incidentanalysis.h"
#include "analysisworker.h"
#include "debtmodels.h"
#include "domain/alarmstatistics.h"
#include "domain/blastradius.h"
#include "domain/dcgmfields.h"
#include "domain/threadaffinity.h"
#include "entitydetails.h"
#include "eventdescription.h"
#include "eventlogmodel.h"
#include "fleettablemodel.h"
#include "gpudescription.h"
#include "gpuhistory.h"
#include "hardwarewarnings.h"
#include "hazardhistory.h"
#include "incidenttablemodel.h"
#include "jobtablemodel.h"
#include "keyedtablemodel.h"
#include "overlay.h"
#include "sim/topologybuilder.h"
#include "traininghistory.h"
#include "vigil/v1/telemetry.pb.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QProcess>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTextDocument>
#include <QTranslator>
#include <cstring>

#include <cmath>
#include <thread>

using namespace vigil;

namespace {

uint32_t idOf(const QString &name)
{
    for (const MetricDescriptor &m : standardMetrics())
        if (m.name == name)
            return m.id;
    return UINT32_MAX;
}

constexpr int64_t T0 = 1793577600000;

// An operator's drain of one GPU.
Event drainOf(uint64_t id, int64_t timeMs, uint32_t gpu)
{
    Event e;
    e.id = id;
    e.timeMs = timeMs;
    e.type = EventType::Drain;
    e.entity = { EntityKind::Gpu, gpu };
    e.operatorName = QStringLiteral("kim");
    return e;
}

void set(ClusterState &state, const QString &metricName, uint32_t entity, float value, int64_t timeMs = T0)
{
    v1::Samples s;
    s.set_time_ms(timeMs);
    auto *b = s.add_blocks();
    b->set_metric_id(idOf(metricName));
    b->set_first_index(entity);
    b->add_values(value);
    QVERIFY(state.apply(s).ok());
}

// A live session's analysis after `history` came as a stream, a day at a time, priced at its end.
std::shared_ptr<const IncidentAnalysis> streamedDayByDay(const test::HazardHistory &history, int64_t horizonMs,
                                                         size_t eventLimit)
{
    constexpr int64_t Day = 86400000LL;
    AnalysisWorker worker;
    worker.startOver(history.topology, std::nullopt, nullptr, nullptr, horizonMs, eventLimit);
    size_t next = 0;
    for (int64_t until = history.startMs + Day; next < history.events.size(); until += Day) {
        std::vector<Event> day;
        while (next < history.events.size() && history.events[next].timeMs < until)
            day.push_back(history.events[next++]);
        worker.addEvents(std::move(day));
        worker.priceAt(until);
    }
    worker.priceAt(history.endMs);
    worker.waitUntilIdle();
    std::shared_ptr<const IncidentAnalysis> live;
    uint64_t generation = 0;
    if (!worker.takeNewer(live, generation) || live->pricedAtMs() != history.endMs)
        return nullptr;
    return live;
}

// What a live window prices is what the same functions price on the window's events alone
// (a dashboard that joined at the window's start).
void pricesAsTheWindowAlone(const IncidentAnalysis &live, const test::HazardHistory &history)
{
    const int64_t from = live.totals().fromMs;
    IncidentAnalysis reference;
    reference.setTopology(history.topology);
    std::vector<Event> window;
    std::copy_if(history.events.begin(), history.events.end(), std::back_inserter(window),
                 [&](const Event &e) { return e.timeMs >= from; });
    reference.addEvents(window);
    reference.update(history.endMs);
    QVERIFY(!reference.incidents().empty());
    QCOMPARE(live.incidents().size(), reference.incidents().size());
    QCOMPARE(live.totals().incidents, reference.totals().incidents);
    QCOMPARE(live.totals().lostGpuHours, reference.totals().lostGpuHours);
    QCOMPARE(live.debt().size(), reference.debt().size());
    QCOMPARE(live.hardwareFailures().size(), reference.hardwareFailures().size());
}

} // namespace

class TestModels : public QObject
{
    Q_OBJECT

    ClusterState state;

private Q_SLOTS:
    // The failures overlay over a span: a GPU's own failures on it, a node's spread over its GPUs
    // (a rack adds up to its failures), warnings and the application's Xids not counted.
    // The dock's fleet tab: failures where they happened, whether or not a job ran there.
    void theFleetTabCountsFailuresWithoutJobs()
    {
        ClusterShape shape;
        shape.gpus = 64;
        auto t = std::make_shared<Topology>(buildTopology(shape, 1));
        t->jobs.clear();
        QCOMPARE(t->index(), QString());
        IncidentAnalysis analysis;
        analysis.setTopology(t);
        constexpr int64_t Now = 1793600000000;
        std::vector<Event> failures;
        for (uint32_t g : { 3u, 3u, 11u }) {
            Event e;
            e.id = failures.size() + 1;
            e.timeMs = Now - int64_t(failures.size() + 1) * 3600000;
            e.type = EventType::Xid;
            e.code = 79;
            e.severity = Severity::Critical;
            e.entity = { EntityKind::Gpu, g };
            failures.push_back(e);
        }
        analysis.addEvents(failures);
        analysis.addEvents(failures); // a reconnect repeats them: counted once
        analysis.update(Now);
        FleetTableModel model;
        QAbstractItemModelTester tester(&model);
        model.setAnalysis(analysis);
        QCOMPARE(model.failures(), uint64_t(3));
        const QString rack3 = t->racks[t->rackOfGpu(3)].name;
        bool found = false;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, FleetTableModel::WhereColumn).data().toString().contains(rack3)) {
                found = true;
                const uint64_t expected = t->rackOfGpu(3) == t->rackOfGpu(11) ? 3 : 2;
                QCOMPARE(model.index(r, FleetTableModel::FailuresColumn).data(DebtSortRole).toULongLong(), expected);
                QCOMPARE(model.index(r, 0).data(DebtEntityRole).toULongLong(),
                         entityKey({ EntityKind::Rack, t->rackOfGpu(3) }));
            }
        QVERIFY(found);
    }

    void failuresAreCountedWhereTheyHappenedOverASpan()
    {
        ClusterShape shape;
        shape.gpus = 64;
        const Topology t = buildTopology(shape, 1);
        constexpr int64_t Day = 86400000, Now = 1793600000000;
        auto event = [](int64_t at, EventType type, EntityRef e, Severity s, int code = 0) {
            Event x;
            x.timeMs = at;
            x.type = type;
            x.entity = e;
            x.severity = s;
            x.code = code;
            return x;
        };
        const EntityRef gpu { EntityKind::Gpu, 3 }, node { EntityKind::Node, 2 };
        const std::vector<Event> history {
            event(Now - 40 * Day, EventType::Xid, gpu, Severity::Critical, 79), // a month and more ago
            event(Now - 2 * Day, EventType::Xid, gpu, Severity::Critical, 48),
            event(Now - 2 * Day, EventType::EccDoubleBit, gpu, Severity::Critical),
            event(Now - Day / 2, EventType::Xid, node, Severity::Critical, 79),
            event(Now - Day / 2, EventType::EccSingleBit, gpu, Severity::Warning), // a warning, not a failure
            event(Now - Day / 2, EventType::Xid, { EntityKind::Gpu, 9 }, Severity::Critical, 13), // the application's
        };
        std::vector<float> perGpu;
        failureCounts(t, history, Now - failureSpanMs(FailureSpan::Week), Now + 1, perGpu);
        QCOMPARE(perGpu.size(), t.gpus.size());
        QCOMPARE(perGpu[3], 2.0f);
        QCOMPARE(perGpu[9], 0.0f);
        const auto &nodeGpus = t.gpusOfNode[2];
        float onNode = 0.0f;
        for (uint32_t g : nodeGpus)
            onNode += perGpu[g];
        QVERIFY(std::fabs(onNode - 1.0f) < 1e-6f);
        float all = 0.0f;
        for (float v : perGpu)
            all += v;
        QVERIFY(std::fabs(all - 3.0f) < 1e-5f);
        failureCounts(t, history, std::numeric_limits<int64_t>::min(), Now + 1, perGpu); // the whole history
        QCOMPARE(perGpu[3], 3.0f);
        failureCounts(t, history, Now - failureSpanMs(FailureSpan::Day), Now + 1, perGpu);
        QCOMPARE(perGpu[3], 0.0f);
        QCOMPARE(overlayFromKey(QStringLiteral("failures")), std::optional<Overlay>(Overlay::Failures));
        // Lost GPU-hours at a rack spread over its GPUs: the rack adds up to its loss.
        const uint32_t rack = t.rackOfGpu(3);
        lostGpuHoursByRack(t, { { rack, 96.0 }, { 9999u, 5.0 } }, perGpu); // a rack the topology lacks: ignored
        float rackSum = 0.0f, elsewhere = 0.0f;
        for (size_t g = 0; g < perGpu.size(); ++g)
            (t.rackOfGpu(uint32_t(g)) == rack ? rackSum : elsewhere) += perGpu[g];
        QVERIFY(std::fabs(rackSum - 96.0f) < 1e-3f);
        QCOMPARE(elsewhere, 0.0f);
        QVERIFY(isSpanOverlay(Overlay::LostGpuHours) && !isSpanOverlay(Overlay::ErrorRate));
    }

    // Every count overlay covers a chosen span, and a rack adds up to what happened in it: hardware
    // errors where they were reported, alarm activations at their alarm, incidents at their cause.
    void everyCountOverlayCoversASpan()
    {
        ClusterShape shape;
        shape.gpus = 64;
        const Topology t = buildTopology(shape, 1);
        constexpr int64_t Hour = 3600000, Now = 1793600000000;
        const uint32_t rack = t.rackOfGpu(5);
        const auto rackSum = [&](const std::vector<float> &perGpu, uint32_t r) {
            double sum = 0.0;
            for (size_t g = 0; g < perGpu.size(); ++g)
                sum += t.rackOfGpu(uint32_t(g)) == r ? perGpu[g] : 0.0f;
            return sum;
        };
        auto event = [](int64_t at, EventType type, EntityRef e) {
            Event x;
            x.timeMs = at;
            x.type = type;
            x.entity = e;
            x.severity = Severity::Warning;
            return x;
        };
        const uint32_t pdu = t.racks[rack].pduIndices.front();
        const std::vector<Event> given {
            // in time order, as the analysis keeps them
            event(Now - 50 * Hour, EventType::EccSingleBit, { EntityKind::Gpu, 5 }),
            event(Now - 3 * Hour, EventType::EccSingleBit, { EntityKind::Gpu, 5 }),
            event(Now - 2 * Hour, EventType::ThermalThrottle, { EntityKind::Gpu, 5 }), // a condition, not an error
            event(Now - 2 * Hour, EventType::IbLinkFlap, { EntityKind::Node, t.gpus[5].nodeIndex }),
            event(Now - Hour, EventType::PduOverThreshold, { EntityKind::Pdu, pdu }), // not an error either
            event(Now, EventType::Xid, { EntityKind::Gpu, 5 }), // the span's end is not in it
        };
        EventSeries warnings;
        for (const Event &e : given)
            warnings.push_back(e);
        std::vector<float> perGpu;
        hardwareErrorCounts(t, warnings, Now - 24 * Hour, Now, perGpu);
        QCOMPARE(perGpu.size(), t.gpus.size());
        QVERIFY(std::fabs(rackSum(perGpu, rack) - 2.0) < 1e-5);
        QVERIFY(perGpu[5] > 1.0f && perGpu[5] < 2.0f); // its own, and its share of the node's flap
        hardwareErrorCounts(t, warnings, std::numeric_limits<int64_t>::min(), Now + 1, perGpu);
        QVERIFY(std::fabs(rackSum(perGpu, rack) - 4.0) < 1e-5);

        // Alarms: each activation once; the same alarm raised again is another.
        AlarmRaiseLog log;
        Alarm a;
        a.id = 7;
        a.entity = { EntityKind::Pdu, pdu };
        a.active = true;
        a.raisedMs = Now - 5 * Hour;
        log.note(a);
        log.note(a); // seen again: the same activation
        a.raisedMs = Now - Hour;
        log.note(std::vector<Alarm> { a });
        Alarm never = a;
        never.id = 8;
        never.raisedMs = 0; // never raised
        log.note(never);
        QCOMPARE(log.size(), size_t(2));
        alarmRaiseCounts(t, log.raises(), Now - 2 * Hour, Now + 1, perGpu);
        QVERIFY(std::fabs(rackSum(perGpu, rack) - 1.0) < 1e-5); // a PDU's alarm is spread over its rack
        alarmRaiseCounts(t, log.raises(), Now - 24 * Hour, Now + 1, perGpu);
        QVERIFY(std::fabs(rackSum(perGpu, rack) - 2.0) < 1e-5);

        // Incidents at their cause; one without a cause has no place and is counted apart.
        std::vector<Incident> incidents(3);
        std::vector<IncidentCost> costs(3);
        incidents[0].failedMs = Now - Hour;
        costs[0].causeEntity = EntityRef { EntityKind::Gpu, 5 };
        incidents[1].failedMs = Now - 2 * Hour;
        incidents[2].failedMs = Now - 30 * Hour;
        costs[2].causeEntity = EntityRef { EntityKind::Pdu, pdu };
        size_t unplaced = 0;
        incidentCounts(t, incidents, costs, Now - 24 * Hour, Now + 1, perGpu, &unplaced);
        QCOMPARE(perGpu[5], 1.0f);
        QCOMPARE(unplaced, size_t(1));
        incidentCounts(t, incidents, costs, std::numeric_limits<int64_t>::min(), Now + 1, perGpu, &unplaced);
        QVERIFY(std::fabs(rackSum(perGpu, rack) - 2.0) < 1e-5);
        for (Overlay o : { Overlay::ErrorCount, Overlay::AlarmsRaised, Overlay::IncidentCount, Overlay::Failures })
            QVERIFY(isSpanOverlay(o) && overlayFromKey(overlayKey(o)) == o);
    }

    void init()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        state.reset(std::make_shared<Topology>(buildTopology({ 128 }, 3)), standardMetrics());
    }

    void temperatureOverlayIsTheColumn()
    {
        set(state, metric::GpuTemp, 7, 81.0f);
        std::vector<float> values;
        computeOverlay(state, Overlay::GpuTemperature, values);
        QCOMPARE(values.size(), size_t(128));
        QCOMPARE(values[7], 81.0f);
        QVERIFY(std::isnan(values[8])); // no reading stays no reading
    }

    void pduOverlayIsTheWorstPduOfTheRack()
    {
        const Topology &t = *state.topology();
        const Rack &rack = t.racks[1];
        QCOMPARE(rack.pduIndices.size(), size_t(2));
        set(state, metric::PduLoad, rack.pduIndices[0], t.pdus[rack.pduIndices[0]].ratedKw * 0.5f);
        set(state, metric::PduLoad, rack.pduIndices[1], t.pdus[rack.pduIndices[1]].ratedKw * 0.9f);
        std::vector<float> values;
        computeOverlay(state, Overlay::PduLoad, values);
        for (size_t g = 0; g < values.size(); ++g) {
            if (t.rackOfGpu(uint32_t(g)) == 1)
                QCOMPARE(values[g], 90.0f);
            else
                QVERIFY(std::isnan(values[g]));
        }
    }

    void derivedOverlays()
    {
        const Topology &t = *state.topology();
        set(state, metric::FbUsed, 3, t.gpus[3].memoryTotalMiB * 0.75f);
        set(state, metric::RackInletTemp, 1, 31.5f);
        std::vector<float> values;
        computeOverlay(state, Overlay::MemoryUsed, values);
        QCOMPARE(values[3], 75.0f);
        QVERIFY(std::isnan(values[4]));
        computeOverlay(state, Overlay::InletTemperature, values);
        for (size_t g = 0; g < values.size(); ++g)
            QVERIFY(t.rackOfGpu(uint32_t(g)) == 1 ? values[g] == 31.5f : std::isnan(values[g]));
        computeOverlay(state, Overlay::ByJob, values);
        for (size_t g = 0; g < values.size(); ++g)
            QCOMPARE(values[g], float(t.jobOfGpu[g]));
        QVERIFY(std::find(values.begin(), values.end(), -1.0f) != values.end()); // idle spares
    }

    void relativeToPeersSinglesOutTheOutlier()
    {
        const Topology &t = *state.topology();
        std::vector<float> values(t.gpus.size(), 60.0f);
        // One rack runs warm overall (its inlet), one GPU in another runs hotter than its neighbours.
        for (size_t g = 0; g < values.size(); ++g)
            if (t.rackOfGpu(uint32_t(g)) == 1)
                values[g] = 70.0f;
        values[5] = 81.0f;
        values[6] = std::nanf("");
        relativeToRackPeers(t, values);
        QCOMPARE(values[5], 21.0f);
        QVERIFY(std::isnan(values[6]));
        for (size_t g = 0; g < values.size(); ++g)
            if (g != 5 && g != 6)
                QCOMPARE(values[g], 0.0f); // the warm rack is warm, not anomalous
        const OverlaySpec relative = relativeSpec(overlaySpec(Overlay::GpuTemperature));
        QCOMPARE(relative.ramp, OverlaySpec::Ramp::Diverging);
        QCOMPARE(relative.min, -relative.max);
        QVERIFY(relative.title.contains(QStringLiteral("rack median")));
        QVERIFY(supportsRelative(Overlay::GpuPower));
        QVERIFY(!supportsRelative(Overlay::PduLoad));
        QVERIFY(!supportsRelative(Overlay::ByJob));
    }

    void physicalRanges()
    {
        QCOMPARE(overlaySpec(Overlay::GpuTemperature).validMax, 150.0f);
        QCOMPARE(overlaySpec(Overlay::GpuPower).validMin, 0.0f);
        QCOMPARE(overlaySpec(Overlay::Utilisation).validMax, 100.5f);
    }

    void overlaySpecsHaveUnitsAndRanges()
    {
        for (Overlay o : allOverlays()) {
            const OverlaySpec spec = overlaySpec(o);
            QVERIFY(!spec.title.isEmpty());
            if (spec.ramp == OverlaySpec::Ramp::Status)
                QCOMPARE(spec.categories.size(), size_t(spec.max - spec.min) + 1);
            else
                QVERIFY(!spec.unit.isEmpty() || spec.ramp == OverlaySpec::Ramp::Categorical);
            QVERIFY(spec.max > spec.min);
        }
    }

    void blastRadius()
    {
        const Topology &t = *state.topology();
        QCOMPARE(gpusAffectedBy(t, { EntityKind::Gpu, 5 }), std::vector<uint32_t> { 5 });
        QCOMPARE(gpusAffectedBy(t, { EntityKind::Node, 2 }), t.gpusOfNode[2]);
        const std::vector<uint32_t> rack = gpusAffectedBy(t, { EntityKind::Rack, 0 });
        QCOMPARE(rack.size(), t.nodesOfRack[0].size() * 8);
        for (uint32_t g : rack)
            QCOMPARE(t.rackOfGpu(g), 0u);
        QCOMPARE(gpusAffectedBy(t, { EntityKind::Pdu, 0 }),
                 gpusAffectedBy(t, { EntityKind::Rack, t.pdus[0].rackIndex }));
        QCOMPARE(gpusAffectedBy(t, { EntityKind::Job, 0 }).size(), t.jobs[0].gpuIndices.size());
        // A leaf switch reaches every rack under it, and nothing outside.
        const uint32_t leaf = t.racks[0].leafSwitchIndex;
        for (uint32_t g : gpusAffectedBy(t, { EntityKind::Switch, leaf }))
            QCOMPARE(t.racks[t.rackOfGpu(g)].leafSwitchIndex, leaf);
        // Entities that do not exist affect nothing, and never crash.
        QVERIFY(gpusAffectedBy(t, { EntityKind::Gpu, 100000 }).empty());
        QVERIFY(gpusAffectedBy(t, { EntityKind::Rack, 100000 }).empty());
        QVERIFY(gpusAffectedBy(t, { EntityKind::Pdu, 100000 }).empty());
        QVERIFY(gpusAffectedBy(t, { EntityKind::Cluster, 0 }).empty());
        // Every entity of every kind, and past the last: the list ascends without repeats, and
        // affectsAnyGpu says whether it is empty, and firstGpuAffectedBy what it starts with,
        // without making it.
        for (int kind = int(EntityKind::Unspecified); kind <= int(EntityKind::GpuInstance); ++kind)
            for (uint32_t i = 0; i < 600; ++i) {
                const EntityRef e { EntityKind(kind), i };
                const std::vector<uint32_t> gpus = gpusAffectedBy(t, e);
                QVERIFY(std::adjacent_find(gpus.begin(), gpus.end(), std::greater_equal<uint32_t>()) == gpus.end());
                QCOMPARE(affectsAnyGpu(t, e), !gpus.empty());
                QCOMPARE(firstGpuAffectedBy(t, e), gpus.empty() ? std::nullopt : std::optional(gpus.front()));
            }
    }

    // A keyed refresh tells a view of the rows whose values changed, and of nothing when none
    // did: a sorting proxy re-sorts every row it is told of.
    void aKeyedRefreshTellsOnlyWhatChanged()
    {
        struct Row
        {
            int key = 0;
            QString value;
            bool operator==(const Row &) const = default;
        };
        struct Steps
        {
            QStringList said;
            void removing(int first, int last) { said << QStringLiteral("removing %1-%2").arg(first).arg(last); }
            void removed() { }
            void changed(int first, int last) { said << QStringLiteral("changed %1-%2").arg(first).arg(last); }
            void inserting(int first, int last) { said << QStringLiteral("inserting %1-%2").arg(first).arg(last); }
            void inserted() { }
        };
        auto key = [](const Row &r) { return r.key; };
        std::vector<Row> rows { { 1, QStringLiteral("a") },
                                { 2, QStringLiteral("b") },
                                { 3, QStringLiteral("c") },
                                { 4, QStringLiteral("d") } };
        std::vector<Row> same = rows;
        Steps steps;
        QVERIFY(replaceKeyedRows(rows, same, key, steps));
        QCOMPARE(steps.said, QStringList()); // nothing changed: nothing said
        std::vector<Row> fresh { { 1, QStringLiteral("a") },
                                 { 2, QStringLiteral("B") },
                                 { 4, QStringLiteral("D") },
                                 { 5, QStringLiteral("e") } };
        QVERIFY(replaceKeyedRows(rows, fresh, key, steps));
        QCOMPARE(steps.said,
                 QStringList({ QStringLiteral("removing 2-2"), QStringLiteral("changed 1-2"),
                               QStringLiteral("inserting 3-3") }));
        QCOMPARE(rows.size(), size_t(4));
        QCOMPARE(rows[1].value, QStringLiteral("B"));
        QCOMPARE(rows[2].value, QStringLiteral("D"));
        QCOMPARE(rows[3].key, 5);
        std::vector<Row> twice { { 1, QString() }, { 1, QString() } };
        QVERIFY(!replaceKeyedRows(rows, twice, key, steps));
        QCOMPARE(rows.size(), size_t(4));
    }

    void alarmOverlayShowsTheAlarmBook()
    {
        HardwareWarnings warnings;
        warnings.setTopology(state.topology());
        const Topology &t = *state.topology();
        auto warning = [](int64_t time, EventType type, Severity severity, EntityRef entity) {
            Event e;
            e.timeMs = time;
            e.type = type;
            e.severity = severity;
            e.entity = entity;
            return e;
        };
        warnings.add({ warning(T0, EventType::EccSingleBit, Severity::Warning, { EntityKind::Gpu, 3 }),
                       warning(T0 + 1000, EventType::Xid, Severity::Critical, { EntityKind::Gpu, 4 }),
                       // A warning on an entity that does not exist is ignored, not a crash.
                       warning(T0 + 3000, EventType::Xid, Severity::Critical, { EntityKind::Gpu, 999999 }) });
        set(state, metric::GpuTemp, 0, 60.0f, T0 + 5000);

        // The map shows the alarms the list shows, in their states: an unacknowledged high one
        // (red), an unacknowledged medium one (amber), an acknowledged one, a shelved one, a
        // normal one (clear), a threshold alarm on a rack (all its GPUs), and one on nothing.
        auto alarm = [](uint64_t id, EntityRef entity, AlarmPriority priority) {
            Alarm a;
            a.id = id;
            a.entity = entity;
            a.active = true;
            a.acknowledged = false;
            a.priority = priority;
            return a;
        };
        std::vector<Alarm> book { alarm(1, { EntityKind::Gpu, 4 }, AlarmPriority::High),
                                  alarm(2, { EntityKind::Gpu, 3 }, AlarmPriority::Medium),
                                  alarm(3, { EntityKind::Gpu, 5 }, AlarmPriority::Critical),
                                  alarm(4, { EntityKind::Gpu, 6 }, AlarmPriority::Critical),
                                  alarm(5, { EntityKind::Gpu, 7 }, AlarmPriority::Critical),
                                  alarm(6, { EntityKind::Pdu, 0 }, AlarmPriority::Medium),
                                  alarm(7, { EntityKind::Gpu, 999999 }, AlarmPriority::Critical) };
        book[2].acknowledged = true;
        book[3].shelved = true;
        book[4].active = false;
        book[4].acknowledged = true; // normal
        book[5].acknowledged = true;
        book[5].sourceType = EventType::Unspecified; // a threshold alarm (PDU load)
        std::vector<float> shades;
        computeOverlay(state, Overlay::Alarms, shades, &warnings, &book);
        QCOMPARE(shades.size(), t.gpus.size());
        QCOMPARE(shades[4], float(AlarmShade::Urgent));
        QCOMPARE(shades[3], float(AlarmShade::Unacknowledged));
        const uint32_t pduRack = t.pdus[0].rackIndex;
        for (uint32_t g : { 5u, 6u, 7u })
            if (t.rackOfGpu(g) == pduRack)
                QCOMPARE(shades[g], float(AlarmShade::Acknowledged)); // the PDU's alarm reaches it
        if (t.rackOfGpu(5) != pduRack) {
            QCOMPARE(shades[5], float(AlarmShade::Acknowledged));
            QCOMPARE(shades[6], float(AlarmShade::SetAside));
            QCOMPARE(shades[7], float(AlarmShade::Clear));
        }
        for (size_t g = 8; g < t.gpus.size(); ++g)
            QCOMPARE(shades[g],
                     t.rackOfGpu(uint32_t(g)) == pduRack ? float(AlarmShade::Acknowledged) : float(AlarmShade::Clear));
        // Warnings alone draw nothing: the alarm book decides what is an alarm.
        computeOverlay(state, Overlay::Alarms, shades, &warnings, nullptr);
        QCOMPARE(*std::max_element(shades.begin(), shades.end()), float(AlarmShade::Clear));
        // Every shade has its own legend entry.
        QCOMPARE(overlaySpec(Overlay::Alarms).categories.size(), size_t(AlarmShade::Urgent) + 1);

        std::vector<float> errors;
        warnings.errorRates(T0 + 5000, errors);
        QCOMPARE(errors[3], 1.0f);
        QCOMPARE(errors[4], 1.0f);
        QCOMPARE(errors[5], 0.0f);
        warnings.prune(T0 + 2 * HardwareWarnings::ErrorWindowMs);
        QCOMPARE(warnings.size(), size_t(0));
    }

    // The gateway's default rule descriptions and the standard metrics reach the reader in
    // their language; a site's own words stay as written.
    void alarmAndMetricWordsAreTranslated()
    {
        QTranslator german;
        QVERIFY(german.load(QStringLiteral("vigil_de"), QStringLiteral(VIGIL_QM_DIR)));
        QCoreApplication::installTranslator(&german);
        Alarm hot;
        hot.message = QStringLiteral("GPU above 85 °C: 12 GPUs of the rack");
        QCOMPARE(alarmConditionName(hot), QStringLiteral("GPU über 85 °C: 12 GPUs des Racks"));
        hot.message = QStringLiteral("PDU above 90 % of its rating");
        QCOMPARE(alarmConditionName(hot), QStringLiteral("PDU über 90 % der Nennleistung"));
        hot.message = QStringLiteral("Kaltgang zu warm: 2 nodes of the rack");
        QCOMPARE(alarmConditionName(hot), QStringLiteral("Kaltgang zu warm: 2 Knoten des Racks"));
        QCOMPARE(metricLabel(standardMetrics()[0]), QStringLiteral("GPU-Temperatur"));
        MetricDescriptor own;
        own.name = QStringLiteral("DCGM_FI_PROF_SM_ACTIVE");
        own.help = QStringLiteral("SM active ratio");
        QCOMPARE(metricLabel(own), own.help);
        QCoreApplication::removeTranslator(&german);
    }

    void storyLinksAreReadStrictly()
    {
        QCOMPARE(storyLink(QStringLiteral("time:1793577600000")).timeMs, std::optional<int64_t>(1793577600000));
        QCOMPARE(*storyLink(QStringLiteral("entity:1:541")).entity, (EntityRef { EntityKind::Gpu, 541 }));
        QCOMPARE(*storyLink(QStringLiteral("entity:7:0")).entity, (EntityRef { EntityKind::Job, 0 }));
        // What is not one of ours leads nowhere.
        for (const char *hostile : { "time:-5", "time:0", "time:12x", "entity:99:1", "entity:0:1", "entity:1:-1",
                                     "entity:1", "javascript:alert(1)", "file:///etc/passwd", "", "time:1:2" }) {
            const StoryLink link = storyLink(QString::fromLatin1(hostile));
            QVERIFY2(!link.timeMs && !link.entity, hostile);
        }
        // A step a line; the text is escaped, the links are ours.
        const QString html = incidentStoryHtml(
            { { 1793577600000, QStringLiteral("Xid 79 on <b>GPU</b>"), EntityRef { EntityKind::Gpu, 3 } },
              { 0, QStringLiteral("1 GPU × 2 h"), std::nullopt } });
        QCOMPARE(html.count(QStringLiteral("<tr>")), 2);
        QVERIFY(html.contains(QStringLiteral("href=\"time:1793577600000\"")));
        QVERIFY(html.contains(QStringLiteral("href=\"entity:1:3\"")));
        QVERIFY(html.contains(QStringLiteral("&lt;b&gt;GPU&lt;/b&gt;")));
    }

    void throttlingOverlay()
    {
        HardwareWarnings warnings;
        warnings.setTopology(state.topology());
        Event power;
        power.timeMs = T0;
        power.type = EventType::PowerThrottle;
        power.severity = Severity::Warning;
        power.entity = { EntityKind::Node, 1 };
        Event thermal = power;
        thermal.type = EventType::ThermalThrottle;
        thermal.entity = { EntityKind::Gpu, state.topology()->gpusOfNode[1][2] };
        warnings.add({ power, thermal });
        std::vector<float> v;
        warnings.throttling(T0 + 60000, v);
        for (uint32_t g : state.topology()->gpusOfNode[1])
            QCOMPARE(v[g], g == thermal.entity.index ? 2.0f : 1.0f);
        QCOMPARE(v[state.topology()->gpusOfNode[0][0]], 0.0f);
        warnings.throttling(T0 + HardwareWarnings::ThrottleWindowMs + 1, v);
        QCOMPARE(*std::max_element(v.begin(), v.end()), 0.0f);

        // Where a GPU reports its clocks-event reasons, the bitmask is the truth.
        const uint32_t a = state.topology()->gpusOfNode[1][2]; // thermal by event, but reports "power cap"
        const uint32_t b = state.topology()->gpusOfNode[1][3]; // power by event, reports nothing: the event stands
        const uint32_t c = state.topology()->gpusOfNode[2][0]; // no event, reports HW thermal slowdown
        const uint32_t d = state.topology()->gpusOfNode[1][4]; // power by event, reports only "idle"
        set(state, metric::ClocksEventReasons, a, float(metric::clocks::SwPowerCap), T0 + 60000);
        set(state, metric::ClocksEventReasons, c, float(metric::clocks::HwThermalSlowdown | metric::clocks::Idle),
            T0 + 60000);
        set(state, metric::ClocksEventReasons, d, float(metric::clocks::Idle), T0 + 60000);
        computeOverlay(state, Overlay::Throttling, v, &warnings);
        QCOMPARE(v[a], 1.0f);
        QCOMPARE(v[b], 1.0f);
        QCOMPARE(v[c], 2.0f);
        QCOMPARE(v[d], 0.0f);
    }

    void historyKeepsTheLastSnapshotsPerGpu()
    {
        GpuHistory history;
        QVERIFY(history.series(0, GpuHistory::Reading::Temperature).empty());
        for (int i = 0; i < int(history.depth()) + 10; ++i) {
            set(state, metric::GpuTemp, 3, 40.0f + float(i) * 0.5f, T0 + i * 2000);
            set(state, metric::GpuPower, 3, i == 95 ? std::nanf("") : 300.0f + float(i) * 4.0f, T0 + i * 2000);
            history.record(state);
            // A second record at (nearly) the same time adds nothing.
            set(state, metric::GpuTemp, 3, 0.0f, T0 + i * 2000 + 10);
            history.record(state);
            set(state, metric::GpuTemp, 3, 40.0f + float(i) * 0.5f, T0 + i * 2000 + 10);
        }
        QCOMPARE(history.snapshots(), history.depth());
        const std::vector<float> temps = history.series(3, GpuHistory::Reading::Temperature);
        QCOMPARE(temps.size(), history.depth());
        QCOMPARE(temps.front(), 40.0f + 10 * 0.5f); // the oldest ten fell out of the ring
        QCOMPARE(temps.back(), 40.0f + float(history.depth() + 9) * 0.5f);
        const std::vector<float> power = history.series(3, GpuHistory::Reading::Power);
        QVERIFY(std::isnan(power[95 - 10])); // no reading stays no reading
        QCOMPARE(power.back(), 300.0f + float(history.depth() + 9) * 4.0f);
        QVERIFY(std::isnan(history.series(4, GpuHistory::Reading::Temperature).back())); // never reported
        QCOMPARE(history.newestMs() - history.oldestMs(), int64_t(history.depth() - 1) * 2000);
        QCOMPARE(history.times().size(), history.depth());
        QCOMPARE(history.times().back(), history.newestMs());
        // A coarser ring keeps a longer past: one snapshot a minute here.
        GpuHistory hour(60, 60000);
        for (int i = 0; i < 200; ++i) {
            set(state, metric::GpuTemp, 3, 50.0f, T0 + 20000000 + i * 20000);
            hour.record(state);
        }
        QCOMPARE(hour.snapshots(), size_t(60));
        QCOMPARE(hour.newestMs() - hour.oldestMs(), int64_t(59 * 60000)); // the last hour, a point a minute
        QVERIFY(history.series(100000, GpuHistory::Reading::Power).empty());
        // Out-of-range readings clamp to the ends of the byte range rather than wrap.
        set(state, metric::GpuTemp, 3, 900.0f, T0 + 10000000);
        history.record(state);
        QCOMPARE(history.series(3, GpuHistory::Reading::Temperature).back(), 117.0f);
        // The selected GPU's charts keep every reading: HBM temperature, utilisation, memory used.
        QVERIFY(history.series(3, GpuHistory::Reading::Utilisation).empty()); // not kept by the sparkline ring
        GpuHistory all(10, 1000, true);
        set(state, metric::MemoryTemp, 5, 71.5f, T0 + 40000000);
        set(state, metric::GpuUtil, 5, 97.0f, T0 + 40000000);
        set(state, metric::FbUsed, 5, state.topology()->gpus[5].memoryTotalMiB / 4.0f, T0 + 40000000);
        all.record(state);
        QCOMPARE(all.series(5, GpuHistory::Reading::HbmTemperature).back(), 71.5f);
        QCOMPARE(all.series(5, GpuHistory::Reading::Utilisation).back(), 97.0f);
        QCOMPARE(all.series(5, GpuHistory::Reading::MemoryUsed).back(), 25.0f);
        QVERIFY(std::isnan(all.series(6, GpuHistory::Reading::MemoryUsed).back()));
        // A metric of racks or PDUs keeps its whole column per snapshot.
        ColumnHistory inlet(metric::RackInletTemp, 3, 1000);
        for (int i = 0; i < 5; ++i) {
            set(state, metric::RackInletTemp, 1, 20.0f + float(i), T0 + 60000000 + i * 1000);
            inlet.record(state);
        }
        const auto points = inlet.series(1);
        QCOMPARE(points.size(), size_t(3)); // the last three
        QCOMPARE(points.front().second, 22.0f);
        QCOMPARE(points.back().second, 24.0f);
        QCOMPARE(points.back().first, T0 + 60000000 + 4000);
        QVERIFY(inlet.series(100000).empty());
        // A new topology starts over.
        state.reset(std::make_shared<Topology>(buildTopology({ 64 }, 3)), standardMetrics());
        history.record(state);
        QCOMPARE(history.snapshots(), size_t(0));
    }

    // Live, the charts are drawn from every job reading at its own time, not from the
    // state a redraw happens to see: a log read in one go keeps every point and its
    // rollback, and readings of another job or metric land where they belong.
    void trainingHistoryFromReadingsKeepsEveryPoint()
    {
        TrainingHistory history;
        set(state, metric::JobStep, 0, 1250, T0 + 10 * 60000); // the state shows only the newest
        const uint32_t step = idOf(metric::JobStep), loss = idOf(metric::JobLoss),
                       tokens = idOf(metric::JobTokensPerSecond), temp = idOf(metric::GpuTemp);
        std::vector<JobReading> readings;
        auto at = [&](int minute, float s, float l) {
            readings.push_back({ T0 + minute * 60000, 0, step, s });
            readings.push_back({ T0 + minute * 60000, 0, loss, l });
        };
        at(0, 1000, 3.0f);
        at(1, 1100, 2.9f);
        readings.push_back({ T0 + 1 * 60000, 0, tokens, 640000.0f }); // same job and time: one update
        at(2, 1200, 2.8f);
        at(4, 1050, 2.95f); // back to the checkpoint
        at(6, 1250, 2.75f);
        readings.push_back({ T0 + 6 * 60000, 99, loss, 1.0f }); // no such job: ignored
        readings.push_back({ T0 + 6 * 60000, 0, temp, 70.0f }); // not a job metric: ignored
        history.recordReadings(state, readings);
        const TrainingHistory::Job *job = history.job(0);
        QVERIFY(job);
        QCOMPARE(job->lossByTime.size(), size_t(1));
        QCOMPARE(job->lossByTime[0]->size(), size_t(5)); // every point, not one a redraw
        QCOMPARE(job->lossByTime[0]->x(0), double(T0));
        QCOMPARE(job->tokensByTime[0]->size(), size_t(1));
        QCOMPARE(job->rollbacks.size(), size_t(1));
        QCOMPARE(job->rollbacks[0].fromStep, 1200.0);
        QCOMPARE(job->rollbacks[0].toStep, 1050.0);
        QCOMPARE(job->rollbacks[0].recoveredAtMs, T0 + 6 * 60000);
        QCOMPARE(job->lossByStep.size(), size_t(2));
        QCOMPARE(job->abandonedByStep[0]->size(), size_t(2)); // 1100 and 1200
        // Readings of a later tick go on where these stopped.
        history.recordReadings(state, { { T0 + 7 * 60000, 0, step, 1300 }, { T0 + 7 * 60000, 0, loss, 2.7f } });
        QCOMPARE(job->lossByTime[0]->size(), size_t(6));
        QCOMPARE(job->lossByStep[1]->size(), size_t(3));
    }

    // A live chart left for weeks keeps a bounded history: past its limit each series thins its
    // older half to its extremes, so the newest readings stay whole and no spike is lost.
    void trainingHistoryIsBounded()
    {
        TrainingHistory history;
        const uint32_t step = idOf(metric::JobStep), loss = idOf(metric::JobLoss);
        const size_t readings = 200000; // three times the limit
        for (size_t i = 0; i < readings; i += 1000) {
            std::vector<JobReading> batch;
            for (size_t k = i; k < i + 1000; ++k) {
                const int64_t t = T0 + int64_t(k) * 1000;
                batch.push_back({ t, 0, step, float(k) });
                batch.push_back({ t, 0, loss, k == 777 ? 99.0f : 3.0f - float(k) * 1e-6f });
            }
            set(state, metric::JobStep, 0, float(i + 999), T0 + int64_t(i + 999) * 1000);
            history.recordReadings(state, batch);
        }
        const TrainingHistory::Job *job = history.job(0);
        QVERIFY(job);
        QCOMPARE(job->lossByTime.size(), size_t(1));
        const MinMaxPyramid &byTime = *job->lossByTime[0];
        QVERIFY(byTime.size() <= TrainingHistory::SeriesLimit);
        QVERIFY(job->lossByStep.back()->size() <= TrainingHistory::SeriesLimit);
        QCOMPARE(byTime.lastX(), double(T0 + int64_t(readings - 1) * 1000)); // the newest kept
        QCOMPARE(byTime.x(byTime.size() - 2), double(T0 + int64_t(readings - 2) * 1000)); // whole
        QCOMPARE(byTime.extremes(0, byTime.size()).second, 99.0f); // the early spike is still there
    }

    void trainingHistoryKeepsBothBranchesOfARollback()
    {
        TrainingHistory history;
        const int64_t minute = 60000;
        auto at = [&](int i, float step, float loss) {
            set(state, metric::JobStep, 0, step, T0 + i * minute);
            set(state, metric::JobLoss, 0, loss, T0 + i * minute);
            history.record(state);
        };
        at(0, 1000, 3.0f);
        at(1, 1100, 2.9f);
        at(2, 1200, 2.8f); // the last progress before the crash
        at(3, std::nanf(""), std::nanf("")); // down: a gap, not a zero
        at(4, 1050, 2.95f); // rolled back to the checkpoint at 1050
        at(5, 1150, 2.85f);
        at(6, 1250, 2.75f); // past where it was: recovered
        const TrainingHistory::Job *job = history.job(0);
        QVERIFY(job);
        QCOMPARE(job->rollbacks.size(), size_t(1));
        const TrainingHistory::Rollback &r = job->rollbacks.front();
        QCOMPARE(r.fromStep, 1200.0);
        QCOMPARE(r.toStep, 1050.0);
        QCOMPARE(r.stepsRecomputed(), 150.0);
        QCOMPARE(r.lastProgressMs, T0 + 2 * minute);
        QCOMPARE(r.recoveredAtMs, T0 + 6 * minute);
        // Against step: the first branch up to the checkpoint, the abandoned steps kept, the new branch.
        QCOMPARE(job->lossByStep.size(), size_t(2));
        QCOMPARE(job->lossByStep[0]->size(), size_t(1)); // step 1000
        QCOMPARE(job->abandonedByStep.size(), size_t(1));
        QCOMPARE(job->abandonedByStep[0]->size(), size_t(2)); // steps 1100 and 1200: abandoned, never erased
        QCOMPARE(job->abandonedByStep[0]->y(1), 2.8f);
        QCOMPARE(job->lossByStep[1]->size(), size_t(3));
        QCOMPARE(job->lossByStep[1]->x(0), 1050.0);
        // Against time: one continuous series with its gap; the curve jumps back up.
        QCOMPARE(job->lossByTime.size(), size_t(1));
        QCOMPARE(job->lossByTime[0]->size(), size_t(7));
        QVERIFY(std::isnan(job->lossByTime[0]->y(3)));
        QCOMPARE(job->lossByTime[0]->y(4), 2.95f);
        // The job's GPU power: what its GPUs draw, summed (here two reported, 1 kW).
        const std::vector<uint32_t> &gpus = state.topology()->jobs[0].gpuIndices;
        set(state, metric::GpuPower, gpus[0], 600.0f, T0 + 7 * minute);
        set(state, metric::GpuPower, gpus[1], 400.0f, T0 + 7 * minute);
        history.record(state);
        QCOMPARE(job->powerByTime[0]->y(job->powerByTime[0]->size() - 1), 1.0f);
        QVERIFY(std::isnan(job->powerByTime[0]->y(0))); // before any GPU reported: no reading
        // The same instant twice records once.
        history.record(state);
        QCOMPARE(job->lossByTime[0]->size(), size_t(8));
    }

    void dataAgeCountsFromTheLastReading()
    {
        set(state, metric::GpuTemp, 0, 60.0f, T0);
        set(state, metric::GpuPower, 1, 300.0f, T0);
        set(state, metric::GpuTemp, 1, 61.0f, T0 + 30000);
        // A GPU that goes silent (no reading) keeps ageing from its last real reading.
        set(state, metric::GpuTemp, 0, std::nanf(""), T0 + 90000);
        std::vector<float> age;
        computeOverlay(state, Overlay::DataAge, age);
        QCOMPARE(age[0], 90.0f);
        QCOMPARE(age[1], 60.0f);
        QVERIFY(std::isnan(age[2])); // never heard from: no reading, not "fresh"
        QVERIFY(age[0] > StaleAfterSeconds);
    }

    void gpuDescription()
    {
        const Topology &t = *state.topology();
        set(state, metric::GpuTemp, 9, 67.0f);
        set(state, metric::GpuPower, 9, 612.4f);
        set(state, metric::FbUsed, 9, 76200.0f);
        const QString text = describeGpu(state, 9);
        const Node &node = t.nodes[t.gpus[9].nodeIndex];
        QVERIFY(text.contains(QStringLiteral("GPU 1 of %1").arg(node.hostname)));
        QVERIFY(text.contains(t.racks[node.rackIndex].name));
        QVERIFY(text.contains(QStringLiteral("Job llm-405b-pretrain (training)")));
        QVERIFY(text.contains(QStringLiteral("Temperature 67 °C")));
        QVERIFY(text.contains(QStringLiteral("Power 612 W")));
        QVERIFY(text.contains(QStringLiteral("Memory used 74.4 GiB of 80 GiB")));
        QVERIFY(text.contains(QStringLiteral("Utilisation —"))); // no reading is not zero
        QVERIFY(text.contains(t.gpus[9].uuid));
        QCOMPARE(describeGpu(state, 100000), QString());
    }

    void jobTable()
    {
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
        model.setState(state);
        QCOMPARE(resets.count(), 1);
        QCOMPARE(model.rowCount(), int(state.topology()->jobs.size()));
        QCOMPARE(model.index(0, JobTableModel::JobColumn).data().toString(), QStringLiteral("llm-405b-pretrain"));
        QCOMPARE(model.index(0, JobTableModel::StepColumn).data().toString(), QStringLiteral("—"));
        set(state, metric::JobStep, 0, 19294.0f);
        set(state, metric::JobLoss, 0, 2.11834f);
        set(state, metric::JobTokensPerSecond, 0, 638800.0f);
        model.setState(state);
        QCOMPARE(resets.count(), 1); // same topology: values change in place
        QCOMPARE(changes.count(), 1);
        QCOMPARE(model.index(0, JobTableModel::StepColumn).data().toString(), QStringLiteral("19,294"));
        QCOMPARE(model.index(0, JobTableModel::LossColumn).data().toString(), QStringLiteral("2.1183"));
        QCOMPARE(model.index(0, JobTableModel::ThroughputColumn).data().toString(), QStringLiteral("638.8 k"));
        set(state, metric::JobTokensPerSecond, 0, 30800300.0f);
        model.setState(state);
        QCOMPARE(model.index(0, JobTableModel::ThroughputColumn).data().toString(), QStringLiteral("30.80 M"));
        QCOMPARE(model.index(0, JobTableModel::StepColumn).data(JobTableModel::SortRole).toFloat(), 19294.0f);
        QCOMPARE(model.headerData(JobTableModel::LossColumn, Qt::Horizontal).toString(), QStringLiteral("Loss"));
    }

    void findGpu_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("gpu"); // -1: not found
        const Topology t = buildTopology({ 128 }, 3);
        QTest::newRow("uuid") << t.gpus[37].uuid << 37;
        QTest::newRow("uuid, other case") << t.gpus[37].uuid.toLower() << 37;
        QTest::newRow("hostname") << t.nodes[5].hostname << int(t.gpusOfNode[5][0]);
        QTest::newRow("host:index") << t.nodes[5].hostname + QStringLiteral(":6") << int(t.gpusOfNode[5][6]);
        QTest::newRow("rack") << t.racks[1].name << int(t.gpusOfNode[t.nodesOfRack[1][0]][0]);
        QTest::newRow("job") << QStringLiteral("llm-405b-pretrain") << int(t.jobs[0].gpuIndices[0]);
        QTest::newRow("unique prefix") << t.gpus[100].uuid.left(20) << 100;
        QTest::newRow("ambiguous prefix") << QStringLiteral("a01") << -1;
        QTest::newRow("nothing") << QStringLiteral("gpu-node-404") << -1;
        QTest::newRow("blank") << QStringLiteral("   ") << -1;
    }

    void findGpu()
    {
        QFETCH(QString, query);
        QFETCH(int, gpu);
        const auto found = vigil::findGpu(*state.topology(), query);
        QCOMPARE(found ? int(*found) : -1, gpu);
    }

    void gpuDetails()
    {
        const Topology &t = *state.topology();
        set(state, metric::GpuTemp, 9, 67.0f);
        set(state, metric::PduLoad, t.racks[t.rackOfGpu(9)].pduIndices[0], 20.0f);
        set(state, metric::ClocksEventReasons, 9,
            float(metric::clocks::SwThermalSlowdown | metric::clocks::SwPowerCap));
        Event xid;
        xid.type = EventType::Xid;
        xid.code = 48;
        xid.timeMs = 1793577600000;
        xid.message = QStringLiteral("Double Bit ECC Error");
        QTextDocument doc;
        doc.setHtml(gpuDetailsHtml(state, 9, { xid }));
        const QString text = doc.toPlainText();
        QVERIFY(text.contains(t.gpus[9].uuid));
        QVERIFY(text.contains(t.racks[t.rackOfGpu(9)].name));
        QVERIFY(text.contains(QStringLiteral("llm-405b-pretrain (training)")));
        QVERIFY(text.contains(QStringLiteral("67 °C")));
        QVERIFY(text.indexOf(QStringLiteral("67 °C")) < text.indexOf(t.gpus[9].uuid)); // the readings come first
        QVERIFY(text.contains(QStringLiteral("Xid 48 — Double Bit ECC Error")));
        QVERIFY(text.contains(QStringLiteral("Clocks held down by\nthermal slowdown, power cap"))
                || text.contains(QStringLiteral("Clocks held down by thermal slowdown, power cap")));
        // Its rack: the PDUs against their rating, the hottest GPU, the silent ones.
        doc.setHtml(rackDetailsHtml(state, t.rackOfGpu(9)));
        const QString rack = doc.toPlainText();
        QVERIFY(rack.contains(QStringLiteral("Rack %1").arg(t.racks[t.rackOfGpu(9)].name)));
        QVERIFY(rack.contains(QStringLiteral("20.0 kW of 40 kW (50 %)")));
        QVERIFY2(rack.contains(QStringLiteral("67 °C on GPU 1 of %1").arg(t.nodes[t.gpus[9].nodeIndex].hostname)),
                 qPrintable(rack));
        QVERIFY(rack.contains(QStringLiteral("without a reading")));
        QVERIFY(rack.contains(QStringLiteral("llm-405b-pretrain")));
        QCOMPARE(rackDetailsHtml(state, 100000), QString());
        doc.setHtml(gpuDetailsHtml(state, 100000, {}));
        QVERIFY(doc.toPlainText().contains(QStringLiteral("Click a GPU")));
    }

    // Every other field an exporter reports is shown too, two to a line, in units people read.
    void gpuDetailsShowEveryExporterField()
    {
        auto metrics = standardMetrics();
        for (const char *name :
             { "DCGM_FI_PROF_SM_ACTIVE", "DCGM_FI_PROF_NVLINK_TX_BYTES", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION" }) {
            MetricDescriptor m = dcgmMetric(*findDcgmField(QByteArrayView(name, qsizetype(std::strlen(name)))));
            m.id = uint32_t(metrics.size());
            metrics.push_back(m);
        }
        metrics.push_back({ uint32_t(metrics.size()), QStringLiteral("SITE_FAN_RPM"), QString(), EntityKind::Gpu,
                            QStringLiteral("Fan speed our BMC agent adds.") });
        ClusterState s;
        QCOMPARE(s.reset(state.topology(), metrics), QString());
        v1::Samples samples;
        samples.set_time_ms(T0);
        const float values[] = { 0.42f, 9.4e11f, 7.2e9f, 7200.0f };
        for (uint32_t i = 0; i < 4; ++i) {
            auto *b = samples.add_blocks();
            b->set_metric_id(uint32_t(standardMetrics().size()) + i);
            b->set_first_index(9);
            b->add_values(values[i]);
        }
        QVERIFY(s.apply(samples).ok());
        QTextDocument doc;
        doc.setHtml(gpuDetailsHtml(s, 9, {}));
        const QString text = doc.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("More from the exporter (4 field")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("42 %")), qPrintable(text)); // a DCGM ratio, as a percentage
        QVERIFY2(text.contains(QStringLiteral("940.00 GB/s")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("2.00 kWh")), qPrintable(text)); // 7.2e9 mJ
        QVERIFY2(text.contains(QStringLiteral("Fan speed our BMC agent adds.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("7,200")), qPrintable(text));
    }

    // A GPU split by MIG lists its instances, each with its own readings (#19).
    void gpuDetailsListMigInstances()
    {
        Topology t = *state.topology();
        t.gpuInstances = { { 9, 2, QStringLiteral("3g.40gb") }, { 9, 1, QStringLiteral("4g.40gb") } };
        QCOMPARE(t.index(), QString());
        auto metrics = standardMetrics();
        MetricDescriptor active = dcgmMetric(*findDcgmField(QByteArrayView("DCGM_FI_PROF_GR_ENGINE_ACTIVE")));
        active.id = uint32_t(metrics.size());
        active.entityKind = EntityKind::GpuInstance;
        metrics.push_back(active);
        ClusterState s;
        QCOMPARE(s.reset(std::make_shared<const Topology>(t), metrics), QString());
        v1::Samples samples;
        samples.set_time_ms(T0);
        auto *b = samples.add_blocks();
        b->set_metric_id(active.id);
        b->set_first_index(0);
        b->add_values(0.25f); // instance 0: GPU_I_ID 2
        b->add_values(0.9f); // instance 1: GPU_I_ID 1
        QVERIFY(s.apply(samples).ok());
        QTextDocument doc;
        doc.setHtml(gpuDetailsHtml(s, 9, {}));
        const QString text = doc.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Split by MIG into 2 instance")), qPrintable(text));
        const qsizetype first = text.indexOf(QStringLiteral("4g.40gb · instance 1"));
        const qsizetype second = text.indexOf(QStringLiteral("3g.40gb · instance 2"));
        QVERIFY2(first >= 0 && second > first, qPrintable(text)); // by instance id
        QVERIFY2(text.indexOf(QStringLiteral("90 %"), first) < second, qPrintable(text));
        QVERIFY2(text.indexOf(QStringLiteral("25 %"), second) > second, qPrintable(text));
        doc.setHtml(gpuDetailsHtml(s, 10, {}));
        QVERIFY(!doc.toPlainText().contains(QStringLiteral("MIG")));
    }

    // The open-warnings table is refreshed every second: a warning that stays
    // keeps its row (and the operator's selection), one that goes is removed,
    // a new one is added, and nothing resets.
    void debtTableUpdatesNarrowly()
    {
        auto topology = std::make_shared<const Topology>(buildTopology({ 256 }, 3));
        IncidentAnalysis analysis;
        analysis.setTopology(topology);
        auto warning = [](uint64_t id, uint32_t gpu, int64_t t) {
            Event e;
            e.id = id;
            e.timeMs = t;
            e.type = EventType::EccSingleBit;
            e.severity = Severity::Warning;
            e.entity = { EntityKind::Gpu, gpu };
            return e;
        };
        analysis.addEvents({ warning(1, 10, T0), warning(2, 20, T0 + 1000), warning(3, 30, T0 + 2000) });
        analysis.update(T0 + 60000);
        QCOMPARE(analysis.debt().size(), size_t(3));

        DebtTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(DebtSortRole);
        proxy.sort(DebtTableModel::EntityColumn);
        QItemSelectionModel selection(&proxy);
        model.setAnalysis(analysis);
        QCOMPARE(model.rowCount(), 3);
        auto rowOf = [&](uint32_t gpu) {
            for (int r = 0; r < proxy.rowCount(); ++r)
                if (entityFromKey(proxy.index(r, 0).data(DebtEntityRole).toULongLong()).index == gpu)
                    return r;
            return -1;
        };
        selection.setCurrentIndex(proxy.index(rowOf(20), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);

        // A second later: the same three, aged.
        analysis.update(T0 + 61000);
        model.setAnalysis(analysis);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(selection.currentIndex().row(), rowOf(20));
        QVERIFY(selection.isRowSelected(rowOf(20), {}));

        // GPU 10 fails and is drained (its warnings close), GPU 40 starts warning.
        analysis.addEvents({ drainOf(5, T0 + 62000, 10), warning(4, 40, T0 + 62000) });
        analysis.update(T0 + 63000);
        model.setAnalysis(analysis);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(rowOf(10), -1);
        QVERIFY(rowOf(40) >= 0);
        QCOMPARE(selection.currentIndex().row(), rowOf(20));
        QVERIFY(selection.isRowSelected(rowOf(20), {}));
    }

    // A new incident is a row inserted: the others keep their place, and the view its selection.
    void incidentTableKeepsItsSelectionAsIncidentsCome()
    {
        auto topology = std::make_shared<const Topology>(buildTopology({ 256 }, 3));
        IncidentAnalysis analysis;
        analysis.setTopology(topology);
        auto crash = [&](uint64_t id, int job, int64_t t) {
            Event e;
            e.id = id;
            e.timeMs = t;
            e.type = EventType::JobCrash;
            e.severity = Severity::Critical;
            e.entity = { EntityKind::Job, uint32_t(job) };
            e.jobId = topology->jobs[size_t(job)].id;
            e.step = 1000;
            return e;
        };
        analysis.addEvents({ crash(1, 0, T0), crash(2, 1, T0 + 3600000) });
        analysis.update(T0 + 7200000);
        QCOMPARE(analysis.incidents().size(), size_t(2));

        IncidentTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(IncidentTableModel::SortRole);
        proxy.sort(IncidentTableModel::TimeColumn, Qt::DescendingOrder);
        QItemSelectionModel selection(&proxy);
        model.setAnalysis(analysis);
        auto rowOf = [&](uint64_t incident) {
            for (int r = 0; r < proxy.rowCount(); ++r)
                if (proxy.index(r, 0).data(IncidentTableModel::IncidentIdRole).toULongLong() == incident)
                    return r;
            return -1;
        };
        const uint64_t chosen = analysis.incidents().front().id;
        selection.setCurrentIndex(proxy.index(rowOf(chosen), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);

        analysis.addEvents({ crash(3, 2, T0 + 7200000) });
        analysis.update(T0 + 9000000);
        model.setAnalysis(analysis);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(rowOf(analysis.incidents().back().id), 0); // the newest on top
        QCOMPARE(selection.currentIndex().row(), rowOf(chosen));
        QVERIFY(selection.isRowSelected(rowOf(chosen), {}));

        // The same analysis again: no row changed, and the view is told of none (its proxy
        // would re-sort every row it is told of).
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setAnalysis(analysis);
        QCOMPARE(changed.count(), 0);

        // The interventions ledger: past actions do not change, and nothing is said of them.
        analysis.addEvents({ drainOf(10, T0 + 9100000, 3) });
        analysis.update(T0 + 9200000);
        InterventionTableModel actions;
        actions.setAnalysis(analysis);
        QCOMPARE(actions.rowCount(), 1);
        QSignalSpy actionChanges(&actions, &QAbstractItemModel::dataChanged);
        analysis.update(T0 + 9300000);
        actions.setAnalysis(analysis);
        QCOMPARE(actions.rowCount(), 1);
        QCOMPARE(actionChanges.count(), 0);
    }

    void eventLogNewestFirstAndCapped()
    {
        EventLogModel model(nullptr, 5);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTopology(state.topology());
        auto event = [](uint64_t id, EventType type, Severity severity, EntityRef entity) {
            Event e;
            e.id = id;
            e.timeMs = 1793577600000 + int64_t(id) * 1000;
            e.type = type;
            e.severity = severity;
            e.entity = entity;
            e.code = type == EventType::Xid ? 48 : 0;
            return e;
        };
        model.append({ event(1, EventType::CheckpointSaved, Severity::Info, { EntityKind::Job, 0 }),
                       event(2, EventType::Xid, Severity::Critical, { EntityKind::Gpu, 9 }) });
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, EventLogModel::TypeColumn).data().toString(), QStringLiteral("Xid 48"));
        QCOMPARE(model.index(0, EventLogModel::SeverityColumn).data().toString(), QStringLiteral("critical"));
        const Topology &t = *state.topology();
        QCOMPARE(model.index(0, EventLogModel::EntityColumn).data().toString(),
                 QStringLiteral("GPU 1 of %1").arg(t.nodes[t.gpus[9].nodeIndex].hostname));
        QCOMPARE(model.index(0, EventLogModel::TimeColumn).data().toString(), QStringLiteral("11-02 00:00:02"));
        QCOMPARE(model.index(1, EventLogModel::EntityColumn).data().toString(),
                 QStringLiteral("job llm-405b-pretrain"));
        std::vector<Event> more;
        for (uint64_t id = 3; id <= 8; ++id)
            more.push_back(event(id, EventType::ManualRestart, Severity::Info, { EntityKind::Job, 0 }));
        model.append(more);
        QCOMPARE(model.rowCount(), 5); // capped: the oldest went first
        QCOMPARE(model.index(0, 0).data(EventLogModel::EventIdRole).toULongLong(), 8ull);
        QCOMPARE(model.index(4, 0).data(EventLogModel::EventIdRole).toULongLong(), 4ull);

        // A shared bookmark is a note written now about another instant: the log says which.
        Event bookmark = event(9, EventType::Note, Severity::Info, { EntityKind::Cluster, 0 });
        bookmark.message = QStringLiteral("PDU B trips here");
        bookmark.aboutMs = 1793577600000 - 3600000;
        Event note = event(10, EventType::Note, Severity::Info, { EntityKind::Cluster, 0 });
        note.message = QStringLiteral("handed over");
        model.append({ bookmark, note });
        QCOMPARE(model.index(1, EventLogModel::TypeColumn).data().toString(), QStringLiteral("Bookmark"));
        QCOMPARE(model.index(1, EventLogModel::MessageColumn).data().toString(),
                 QStringLiteral("PDU B trips here (marks 2026-11-01 23:00:00 UTC)"));
        QCOMPARE(model.index(0, EventLogModel::TypeColumn).data().toString(), QStringLiteral("Note"));
        QCOMPARE(model.index(0, EventLogModel::MessageColumn).data().toString(), QStringLiteral("handed over"));
    }

    // Live, the analysis keeps a sliding window of the cluster's time: after forty days of a
    // history fed as a stream, it holds no more than the horizon, its look-back and the quarter
    // it may run on before the next rebuild, and what it prices is what the same functions
    // price on the window's events alone (a dashboard that joined at the window's start).
    void theLiveAnalysisKeepsASlidingWindow()
    {
        const test::HazardHistory history = test::hazardHistory(7, 40);
        constexpr int64_t Horizon = 7 * 86400000LL, Day = 86400000LL;
        const std::shared_ptr<const IncidentAnalysis> live = streamedDayByDay(history, Horizon, 0);
        QVERIFY(live);
        const int64_t windowMs = Horizon + Attributor::LookBackMs;
        const int64_t from = live->totals().fromMs;
        QVERIFY2(history.endMs - from <= windowMs + Horizon / 4 + Day,
                 qPrintable(QStringLiteral("holds %1 days").arg(double(history.endMs - from) / Day)));
        QVERIFY(history.endMs - from >= windowMs - Day);
        QVERIFY(live->attributor().warnings().front().timeMs >= from);
        size_t warningsInHistory = 0;
        for (const Event &e : history.events)
            warningsInHistory += isHardwareWarning(e.type);
        QVERIFY(live->attributor().warnings().size() < warningsInHistory / 2);
        pricesAsTheWindowAlone(*live, history);
    }

    // A large cluster's two weeks are more events than the window should hold: it keeps the
    // newest (of those the analysis takes) up to its limit, and a quarter more before it is
    // rebuilt, however long its horizon, and prices them as the window alone would.
    void theLiveAnalysisHoldsAtMostItsEventLimit()
    {
        const test::HazardHistory history = test::hazardHistory(7, 40);
        std::vector<int64_t> taken;
        for (const Event &e : history.events)
            if (IncidentAnalysis::takes(e))
                taken.push_back(e.timeMs);
        const size_t limit = taken.size() / 5;
        QVERIFY(limit > 100);
        const std::shared_ptr<const IncidentAnalysis> live
            = streamedDayByDay(history, 400 * 86400000LL, limit); // a horizon longer than the history
        QVERIFY(live);
        const int64_t from = live->totals().fromMs;
        const auto held = size_t(std::count_if(taken.begin(), taken.end(), [&](int64_t t) { return t >= from; }));
        QVERIFY2(held >= limit / 2 && held <= limit + limit / 4 + 1,
                 qPrintable(QStringLiteral("holds %1 events against a limit of %2").arg(held).arg(limit)));
        QVERIFY(from > history.startMs);
        pricesAsTheWindowAlone(*live, history);
    }

    // At 100k GPUs alarms come and go every second: the tree must keep what the operator
    // selected (and expanded: the view holds both by persistent index) instead of resetting.
    void theAlarmTreeKeepsItsRowsWhileAlarmsComeAndGo()
    {
        ClusterShape shape;
        shape.gpus = 64;
        auto topology = std::make_shared<const Topology>(buildTopology(shape, 1));
        auto alarm = [](uint64_t id, uint32_t gpu) {
            Alarm a;
            a.id = id;
            a.entity = { EntityKind::Gpu, gpu };
            a.active = true;
            a.priority = AlarmPriority::High;
            a.raisedMs = 1000 * int64_t(id);
            return a;
        };
        auto group = [](const char *key, std::vector<Alarm> alarms) {
            AlarmGroup g;
            g.key = QLatin1String(key);
            g.title = QLatin1String(key);
            g.alarms = std::move(alarms);
            return g;
        };
        AlarmTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(AlarmTreeModel::SortRole);
        proxy.sort(AlarmTreeModel::PriorityColumn, Qt::DescendingOrder);
        QItemSelectionModel selection(&proxy);
        model.setGroups({ group("ecc", { alarm(1, 1), alarm(2, 2), alarm(3, 3) }), group("xid", { alarm(4, 4) }) },
                        5000, topology);
        QSignalSpy resets(&model, &QAbstractItemModel::modelAboutToBeReset);
        const QModelIndex ecc = model.indexOfGroup(QStringLiteral("ecc")),
                          xid = model.indexOfGroup(QStringLiteral("xid"));
        const QPersistentModelIndex second(model.indexOf(2)), fourth(model.indexOf(4));
        selection.setCurrentIndex(proxy.mapFromSource(model.indexOf(2)), QItemSelectionModel::ClearAndSelect);
        QVERIFY(ecc.isValid() && xid.isValid() && second.isValid());

        // A new incident's group comes first, the ECC group gains and loses an alarm, the Xid one is unchanged.
        model.setGroups({ group("incident:7", { alarm(9, 9) }), group("ecc", { alarm(2, 2), alarm(3, 3), alarm(5, 5) }),
                          group("xid", { alarm(4, 4) }) },
                        6000, topology);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(model.alarmCount(), size_t(5));
        QCOMPARE(model.alarmAt(second)->id, uint64_t(2)); // the selected alarm's row is the same row
        const Alarm *current = model.alarmAt(proxy.mapToSource(selection.currentIndex()));
        QVERIFY(current);
        QCOMPARE(current->id, uint64_t(2)); // and the operator's selection with it
        QVERIFY(
            proxy.index(0, 0).data().toString().startsWith(QStringLiteral("incident:7"))); // given first, shown first

        // The group above goes: the rows below move up, and an alarm's index still finds its own group.
        model.setGroups({ group("xid", { alarm(4, 4), alarm(6, 6) }) }, 7000, topology);
        QCOMPARE(resets.count(), 0);
        QVERIFY(!second.isValid());
        QVERIFY(fourth.isValid());
        QCOMPARE(model.alarmAt(fourth)->id, uint64_t(4));
        QCOMPARE(model.parent(fourth).row(), 0);
        QCOMPARE(model.rowCount(model.index(0, 0)), 2);

        // Another cluster's alarms start over.
        model.setGroups({ group("xid", { alarm(4, 4) }) }, 8000,
                        std::make_shared<const Topology>(buildTopology(shape, 2)));
        QCOMPARE(resets.count(), 1);
    }

    void eventFilterLevels()
    {
        EventLogModel model;
        EventFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        std::vector<Event> events(4);
        events[0].type = EventType::CheckpointSaved;
        events[0].severity = Severity::Info;
        events[1].type = EventType::EccSingleBit;
        events[1].severity = Severity::Warning;
        events[2].type = EventType::HotPatch;
        events[2].severity = Severity::Info;
        events[3].type = EventType::Acknowledge;
        events[3].severity = Severity::Info;
        model.append(events);
        proxy.setLevel(EventFilterProxy::Level::Everything);
        QCOMPARE(proxy.rowCount(), 4);
        proxy.setLevel(EventFilterProxy::Level::WithoutRoutine);
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setLevel(EventFilterProxy::Level::WarningsAndActions);
        QCOMPARE(proxy.rowCount(), 2); // the ECC warning and the hot-patch
        QCOMPARE(eventTypeName(EventType::HotPatch), QStringLiteral("Hot-patch"));
        QCOMPARE(entityName(nullptr, { EntityKind::Rack, 3 }), QStringLiteral("unknown entity 3"));
    }
    // A model is fed on the GUI thread only. Where the check runs (debug builds and
    // the sanitizer lane), a setter called from a worker stops the program and names
    // itself; this test runs itself again as that program and reads its last words.
    void aSetterOffTheGuiThreadStopsTheProgram()
    {
        if (qEnvironmentVariableIsSet("VIGIL_FEED_FROM_WORKER")) {
            EventLogModel model;
            std::thread worker([&] { model.append(std::vector<Event>(1)); });
            worker.join();
            return; // reached only where the check is off
        }
        EventLogModel model;
        QVERIFY(onThreadOf(&model));
        bool fromWorker = true;
        std::thread([&] { fromWorker = onThreadOf(&model); }).join();
        QVERIFY(!fromWorker);
#ifndef VIGIL_CHECK_THREADS
        QSKIP("thread checks are compiled out of release builds");
#else
        QProcess child;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("VIGIL_FEED_FROM_WORKER"), QStringLiteral("1"));
        env.insert(QStringLiteral("QTEST_DISABLE_STACK_DUMP"), QStringLiteral("1"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels); // Qt Test logs the fatal message to stdout
        child.start(QCoreApplication::applicationFilePath(),
                    { QStringLiteral("aSetterOffTheGuiThreadStopsTheProgram") });
        QVERIFY(child.waitForFinished(60000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        const QByteArray said = child.readAll();
        QVERIFY2(said.contains("EventLogModel::append") && said.contains("off its owner's thread"), said.constData());
#endif
    }
};

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
