// SPDX-License-Identifier: GPL-3.0-or-later
// alarms_unacknowledged_100k_10min: what an operator who does nothing faces after ten
// minutes of `vigil --demo --gpus 100000`: the groups of the Alarms dock (under an incident,
// or by cause and place) that hold an alarm asking to be acknowledged. The demo's own gateway
// (in this process, as vigil --demo runs it: the decline story at an hour a second, 4 frames a
// second) and the dashboard's own session and grouping, ticked ten times a second as the
// window does. Baseline: the unacknowledged alarms themselves, what a flat list would show.
#include "alarm_bench.h"

#include "alarmtreemodel.h"
#include "client/telemetryclient.h"
#include "dashboardsession.h"
#include "host/gatewaycommandline.h"
#include "host/gatewayserver.h"

#include <QCoreApplication>
#include <QTextStream>

#include <chrono>
#include <thread>

namespace vigil::bench {

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
    const auto end = std::chrono::steady_clock::now() + std::chrono::minutes(minutes);
    while (std::chrono::steady_clock::now() < end) {
        session.tick();
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
}

} // namespace vigil::bench
