// SPDX-License-Identifier: GPL-3.0-or-later
// alarms_unacknowledged_100k_10min: what an operator who does nothing faces after ten
// minutes of `vigil --demo --gpus 100000`: the groups of the Alarms dock (under an incident,
// or by cause and place) that hold an alarm asking to be acknowledged. The demo's own gateway
// (in this process, as vigil --demo runs it: the decline story at an hour a second, 4 frames a
// second) and the dashboard's own session and grouping, ticked ten times a second as the
// window does. Baseline: the unacknowledged alarms themselves, what a flat list would show.
//
// alarms_per_10min_steady_100k: over the same run, on the demo's cluster clock, what an operator
// on that cluster would face per 10 minutes in steady operation (the windows that touch no upset
// around a fault that stopped a job), counted as the dock's flood line counts: each activation
// under the group the dock shows it in, a group's within one window once (FloodFigures::faced).
// ISA-18.2's manageable rate is about 1. Baseline: the same activations counted one by one.
#include "alarm_bench.h"

#include "alarmtreemodel.h"
#include "client/telemetryclient.h"
#include "dashboardsession.h"
#include "domain/alarmstatistics.h"
#include "host/gatewaycommandline.h"
#include "host/gatewayserver.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <thread>

namespace vigil::bench {

namespace {

// The activations the dashboard sees, on the cluster's clock and placed in the dock's groups,
// and the events (for the upsets), from the first tick that brought alarms.
struct ClusterLoad
{
    AlarmActivationWatch watch;
    std::vector<AlarmActivation> activations;
    std::vector<Event> events;
    // Activations by what they are about ("Xid 79", "Slower than its peers"), and the alarms they
    // came on: many activations on few alarms is chatter, as many as alarms is the cluster's load.
    std::map<QString, size_t> byCondition;
    std::map<QString, std::set<uint64_t>> alarmsByCondition;
    int64_t fromMs = 0;

    void follow(const DashboardSession &session, const SessionTick &tick)
    {
        events.insert(events.end(), tick.events.begin(), tick.events.end());
        if (!tick.alarmsChanged)
            return;
        if (fromMs == 0)
            fromMs = session.alarmClockMs(); // what stood before is a snapshot, not a flood
        std::vector<AlarmActivation> fresh;
        for (const Alarm &a : session.alarms()) {
            if (watch.isNew(a) && a.raisedMs > 0 && annunciates(a)) {
                fresh.push_back({ a.id, a.raisedMs, a.priority });
                const QString condition = alarmConditionName(a);
                ++byCondition[condition];
                alarmsByCondition[condition].insert(a.id);
            }
        }
        if (fresh.empty())
            return;
        const std::shared_ptr<const Topology> topology = session.alarmTopology();
        placeInGroups(
            fresh, groupAlarms(session.alarms(), &session.analysis(), session.alarmClockMs(), false, topology.get()));
        activations.insert(activations.end(), fresh.begin(), fresh.end());
    }
};

} // namespace

void runAlarmGroupsBenchmark(BenchReport &report)
{
    const int minutes = qEnvironmentVariableIntValue("VIGIL_BENCH_WINDOW_MINUTES") > 0
        ? qEnvironmentVariableIntValue("VIGIL_BENCH_WINDOW_MINUTES")
        : 10;
    GatewayOptions options;
    readDemoGatewayOptions(nullptr, options);
    options.simulator.shape.gpus = 100000;
    QString error;
    const std::unique_ptr<GatewayServer> gateway = GatewayServer::start(options, &error);
    if (!gateway) {
        QTextStream(stderr) << "alarm groups: " << error << Qt::endl;
        return;
    }
    LiveCluster cluster;
    ClientOptions client;
    client.address = gateway->address();
    TelemetryClient stream(client, cluster);
    stream.start();
    DashboardSession session(cluster);
    ClusterLoad load;
    const auto end = std::chrono::steady_clock::now() + std::chrono::minutes(minutes);
    while (std::chrono::steady_clock::now() < end) {
        const SessionTick tick = session.tick();
        load.follow(session, tick);
        QCoreApplication::processEvents();
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    session.waitForAnalysis();
    session.tick();
    const std::shared_ptr<const Topology> topology = session.alarmTopology();
    const std::vector<AlarmGroup> groups
        = groupAlarms(session.alarms(), &session.analysis(), session.alarmClockMs(), false, topology.get());
    size_t asking = 0, askingGroups = 0;
    for (const AlarmGroup &g : groups) {
        const auto n = size_t(
            std::count_if(g.alarms.begin(), g.alarms.end(), [](const Alarm &a) { return a.needsAcknowledging(); }));
        asking += n;
        askingGroups += n > 0;
    }
    stream.stop();
    QTextStream(stdout) << "alarm groups: after " << minutes << " min of the 100k demo, " << asking
                        << " unacknowledged alarms in " << askingGroups << " groups (" << groups.size()
                        << " groups in all, " << session.alarms().size() << " alarms held)" << Qt::endl;
    report.add({ QStringLiteral("alarms_unacknowledged_100k_10min"), double(askingGroups), QStringLiteral("groups"),
                 double(asking), askingGroups ? double(asking) / double(askingGroups) : 0.0 });

    const std::vector<TimeSpan> upsets = upsetPeriods(load.events);
    const int64_t toMs = session.alarmClockMs() + 1;
    const FloodFigures grouped = floodFigures(load.activations, {}, load.fromMs, toMs, 1, upsets);
    std::vector<AlarmActivation> alone = load.activations;
    for (AlarmActivation &a : alone)
        a.groupKey = 0;
    const FloodFigures oneByOne = floodFigures(alone, {}, load.fromMs, toMs, 1, upsets);
    QTextStream(stdout) << "alarm load on the 100k demo's clock: " << double(toMs - load.fromMs) / 86400000.0
                        << " days, " << grouped.activations << " activations, " << grouped.faced
                        << " groups to look at; " << grouped.steadyWindows << " of " << grouped.windows
                        << " 10-minute windows steady, " << grouped.steadyPer10Min << " per 10 min there ("
                        << oneByOne.steadyPer10Min << " one by one); over all windows " << grouped.averagePer10Min
                        << ", busiest " << grouped.peakPer10Min << Qt::endl;
    // What the load is made of, the most first: where rationalising at this size would start.
    std::vector<std::pair<size_t, QString>> kinds;
    for (const auto &[condition, n] : load.byCondition)
        kinds.emplace_back(n, condition);
    std::sort(kinds.rbegin(), kinds.rend());
    QTextStream out(stdout);
    out << "  activations by condition (on how many alarms):";
    for (size_t k = 0; k < kinds.size() && k < 10; ++k)
        out << (k ? ", " : " ") << kinds[k].second << " " << kinds[k].first << " on "
            << load.alarmsByCondition[kinds[k].second].size();
    out << Qt::endl;
    report.add({ QStringLiteral("alarms_per_10min_steady_100k"), grouped.steadyPer10Min, QStringLiteral("groups"),
                 oneByOne.steadyPer10Min,
                 grouped.steadyPer10Min > 0 ? oneByOne.steadyPer10Min / grouped.steadyPer10Min : 0.0 });
}

} // namespace vigil::bench
