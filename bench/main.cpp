// SPDX-License-Identifier: GPL-3.0-or-later
// vigil-bench: runs every benchmark, prints each figure with its baseline and
// ratio, and writes them to the JSON file named by --out.
#include "benchreport.h"
#include "ingest_bench.h"
#include "simulation_bench.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({ QStringLiteral("out"), QStringLiteral("JSON file to merge the figures into."),
                       QStringLiteral("path"), QStringLiteral("build/bench-results.json") });
    parser.process(app);

    vigil::bench::BenchReport report;
    vigil::bench::runIngestBenchmark(report);
    vigil::bench::runSimulationBenchmark(report);
    const QString out = parser.value(QStringLiteral("out"));
    if (!report.write(out)) {
        QTextStream(stderr) << "vigil-bench: cannot write " << out << Qt::endl;
        return 1;
    }
    QTextStream(stdout) << "vigil-bench: figures written to " << out << Qt::endl;
    return 0;
}
