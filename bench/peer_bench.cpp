// SPDX-License-Identifier: GPL-3.0-or-later
#include "peer_bench.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

namespace vigil::bench {

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

double numberAfter(const QString &text, const QString &pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(text);
    return m.hasMatch() ? m.captured(1).remove(u',').toDouble() : 0.0;
}

} // namespace

void runPrometheusPeerBenchmark(BenchReport &report)
{
    // The peers live beside the checkout (../shared/peers), or where VIGIL_PEERS_DIR says.
    const QString peers = qEnvironmentVariableIsSet("VIGIL_PEERS_DIR")
        ? qEnvironmentVariable("VIGIL_PEERS_DIR")
        : QStringLiteral(VIGIL_SOURCE_DIR "/../shared/peers");
    const QString script = peers + QStringLiteral("/prometheus/vs-vigil.sh");
    if (!QFileInfo::exists(script) || QStandardPaths::findExecutable(QStringLiteral("prometheus")).isEmpty()) {
        out() << "dcgm_ingest_vs_prometheus_ratio: skipped (needs " << script << " and Debian's prometheus package)\n";
        out().flush();
        return;
    }
    // The script takes the first vigil-gateway under a build directory of its working
    // directory: give it this build's, and only those.
    QTemporaryDir dir;
    QDir(dir.path()).mkpath(QStringLiteral("build"));
    const QString apps = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/");
    for (const char *name : { "vigil-gateway", "vigil-record" })
        if (!QFile::copy(apps + QLatin1String(name), dir.filePath(QStringLiteral("build/") + QLatin1String(name)))) {
            out() << "dcgm_ingest_vs_prometheus_ratio: skipped (no " << apps << name << ")\n";
            return;
        }
    const int seconds
        = qEnvironmentVariableIsSet("VIGIL_PEER_SECONDS") ? qEnvironmentVariableIntValue("VIGIL_PEER_SECONDS") : 60;
    out() << "dcgm_ingest_vs_prometheus_ratio: 2048 GPUs x 20 fields, " << seconds
          << " s each for Prometheus and vigil-gateway...\n";
    out().flush();
    QProcess run;
    run.setWorkingDirectory(dir.path());
    run.setProcessChannelMode(QProcess::MergedChannels);
    run.start(QStringLiteral("bash"), { script, QStringLiteral("2048"), QString::number(seconds) });
    if (!run.waitForFinished((2 * seconds + 180) * 1000)) {
        run.kill();
        out() << "dcgm_ingest_vs_prometheus_ratio: the side-by-side run did not finish\n";
        return;
    }
    const QString text = QString::fromUtf8(run.readAll());
    out() << text;
    const double prometheus = numberAfter(text, QStringLiteral("prometheus: .*-> ([0-9,.]+) samples/cpu-s"));
    const double vigil = numberAfter(text, QStringLiteral("vigil-gateway: .*-> ([0-9,.]+) samples/cpu-s"));
    if (prometheus <= 0 || vigil <= 0) {
        out() << "dcgm_ingest_vs_prometheus_ratio: no figures in the run's output\n";
        return;
    }
    report.add({ QStringLiteral("dcgm_ingest_samples_per_cpu_s"), vigil, QStringLiteral("samples/cpu-s"), prometheus,
                 vigil / prometheus });
    report.add({ QStringLiteral("dcgm_ingest_vs_prometheus_ratio"), vigil / prometheus, QStringLiteral("x"), 1.0,
                 vigil / prometheus });
}

} // namespace vigil::bench
