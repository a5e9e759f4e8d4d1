// SPDX-License-Identifier: GPL-3.0-or-later
// vigil-bench: runs every benchmark, prints each figure with its baseline and
// ratio, and writes them to the JSON file named by --out.
#include "alarm_bench.h"
#include "benchreport.h"
#include "chart_bench.h"
#include "correlation_bench.h"
#include "forecast_bench.h"
#include "gateway_bench.h"
#include "ingest_bench.h"
#include "peer_bench.h"
#include "photon_bench.h"
#include "precursor_bench.h"
#include "rackmap_bench.h"
#include "recorder_bench.h"
#include "remotewrite_bench.h"
#include "repair_bench.h"
#include "scaleout_bench.h"
#include "sharedstate_bench.h"
#include "simulation_bench.h"
#include "straggler_bench.h"
#include "window_bench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>

#include <cstring>

int main(int argc, char *argv[])
{
    // Painting benchmarks need a GUI application; offscreen unless told otherwise.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // The far side of the gateway benchmarks, in a process of its own.
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--role") == 0) {
            QCoreApplication app(argc, argv);
            return vigil::bench::runGatewayBenchRole(QString::fromLocal8Bit(argv[i + 1]), app.arguments());
        }
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({ QStringLiteral("out"), QStringLiteral("JSON file to merge the figures into."),
                       QStringLiteral("path"), QStringLiteral("build/bench-results.json") });
    parser.addOption({ QStringLiteral("only"), QStringLiteral("Run only the benchmarks whose name contains this."),
                       QStringLiteral("text") });
    parser.process(app);

    vigil::bench::BenchReport report;
    const QString only = parser.value(QStringLiteral("only"));
    auto wanted = [&](const char *name) { return only.isEmpty() || QLatin1String(name).contains(only); };
    if (wanted("ingest_apply_samples_per_s"))
        vigil::bench::runIngestBenchmark(report);
    if (wanted("dcgm_ingest_vs_prometheus_ratio"))
        vigil::bench::runPrometheusPeerBenchmark(report);
    if (wanted("rackmap_repaint_100k_ms"))
        vigil::bench::runRackMapBenchmark(report);
    if (wanted("chart_redraw_10m_ms"))
        vigil::bench::runChartBenchmark(report);
    if (wanted("recorder_samples_per_s") || wanted("recorder_bytes_per_sample") || wanted("replay_seek_24h_16k_ms"))
        vigil::bench::runRecorderBenchmark(report);
    if (wanted("correlation_54d_16k_s") || wanted("cost_of_grit_54d_16k_s") || wanted("attribution_precision")
        || wanted("attribution_recall") || wanted("lost_gpu_hours_error_pct"))
        vigil::bench::runCorrelationBenchmark(report);
    if (wanted("attribution_precision_independent") || wanted("attribution_recall_independent"))
        vigil::bench::runIndependentAttributionBenchmark(report);
    if (wanted("forecast_calibration_ratio") || wanted("backtest_brier_score"))
        vigil::bench::runForecastBenchmark(report);
    if (wanted("alarm_follow_16k_frame_us"))
        vigil::bench::runAlarmBenchmark(report);
    if (wanted("alarm_priority_high_share") || wanted("alarms_per_10min_steady"))
        vigil::bench::runAlarmLoadBenchmark(report);
    if (wanted("alarms_unacknowledged_100k_10min") || wanted("alarms_per_10min_steady_100k"))
        vigil::bench::runAlarmGroupsBenchmark(report);
    if (wanted("ui_overlay_switch_100k_ms") || wanted("gui_state_handover_100k_ms"))
        vigil::bench::runWindowBenchmark(report);
    if (wanted("gateway_fanout_1000_subscribers_cpu_pct"))
        vigil::bench::runGatewayFanoutBenchmark(report);
    if (wanted("e2e_latency_16k_p99_ms") || wanted("e2e_dashboard_cpu_pct"))
        vigil::bench::runEndToEndLatencyBenchmark(report);
    if (wanted("ui_key_to_photon_100k_live_p99_ms") || wanted("dashboard_100k_live_rss_mb") || wanted("quit_100k_s"))
        vigil::bench::runLiveWindowBenchmark(report);
    if (wanted("remote_write_samples_per_cpu_s") || wanted("remote_write_bytes_per_sample"))
        vigil::bench::runRemoteWriteBenchmark(report);
    if (wanted("shared_state_actions_per_s") || wanted("shared_state_propagation_ms"))
        vigil::bench::runSharedStateBenchmark(report);
    if (wanted("tsdb_history_samples_per_s") || wanted("aggregator_cpu_pct") || wanted("wall_screen_bytes_per_s"))
        vigil::bench::runScaleOutBenchmark(report, wanted("tsdb_history_samples_per_s"), wanted("aggregator_cpu_pct"),
                                           wanted("wall_screen_bytes_per_s"));
    if (wanted("straggler_detect_minutes") || wanted("straggler_false_alarms_per_day"))
        vigil::bench::runStragglerBenchmark(report);
    if (wanted("early_flag_share_before_xid") || wanted("early_flag_false_alarms_per_day"))
        vigil::bench::runPrecursorBenchmark(report);
    if (wanted("repeat_offender_precision"))
        vigil::bench::runRepairBenchmark(report);
    if (wanted("sim_54d_16k_generate_s"))
        vigil::bench::runSimulationBenchmark(report);
    const QString out = parser.value(QStringLiteral("out"));
    if (!report.write(out)) {
        QTextStream(stderr) << "vigil-bench: cannot write " << out << Qt::endl;
        return 1;
    }
    QTextStream(stdout) << "vigil-bench: figures written to " << out << Qt::endl;
    return 0;
}
