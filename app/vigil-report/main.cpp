// SPDX-License-Identifier: GPL-3.0-or-later
// vigil-report: the maintenance-debt report of a recording, without a window.
// Exit status: 0 written (an empty period gives a report that says so), 1 the
// recording or the output could not be used, 2 the command line makes no sense.
#include "backfill/tsdbhistory.h"
#include "domain/checkedtime.h"
#include "domain/commandlineoption.h"
#include "recording/eventimport.h"
#include "recording/recordingreader.h"
#include "report/maintenancereport.h"
#include "report/reportcsv.h"
#include "reportpages/reportrenderer.h"
#include "sources/topologyfile.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTranslator>

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(VigilReport)
};

QString day(int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

// What the command line asks for, once it makes sense.
struct ReportRequest
{
    bool fromTsdb = false;
    bool backtest = false;
    QString format, page;
    vigil::CostSettings settings;
    std::optional<int64_t> from, to;
    int64_t length = 0; // --period
};

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(Tr::tr("The maintenance-debt report of a recording: lost GPU-hours and what they "
                                            "cost, where they went, the manual work, the warnings left open."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(
        { QStringLiteral("recording"), Tr::tr("The recording to report on."), QStringLiteral("file.vigil") });
    parser.addOption({ QStringLiteral("from"), Tr::tr("Start of the period (ISO date or date and time, UTC)."),
                       QStringLiteral("when") });
    parser.addOption({ QStringLiteral("to"), Tr::tr("End of the period (default: the end of the recording)."),
                       QStringLiteral("when") });
    parser.addOption({ QStringLiteral("period"),
                       Tr::tr("Length of the period when --from is not given: 7d, 30d, 36h (default 7d)."),
                       QStringLiteral("length"), QStringLiteral("7d") });
    parser.addOption({ QStringLiteral("format"),
                       Tr::tr("pdf (paged, with charts) or csv (one file per table); default pdf."),
                       QStringLiteral("format"), QStringLiteral("pdf") });
    parser.addOption(
        { QStringLiteral("out"), Tr::tr("Where to write: a file for pdf, a folder for csv."), QStringLiteral("path") });
    parser.addOption({ QStringLiteral("page"), Tr::tr("Paper for pdf: a4 or letter (default a4)."),
                       QStringLiteral("size"), QStringLiteral("a4") });
    parser.addOption({ QStringLiteral("lang"), Tr::tr("Language of the report: en, de or ja (default: the system's)."),
                       QStringLiteral("code") });
    parser.addOption({ QStringLiteral("price"), Tr::tr("USD per GPU-hour (default 2.50)."), QStringLiteral("usd"),
                       QStringLiteral("2.50") });
    parser.addOption(
        { QStringLiteral("lead-time"),
          Tr::tr("Hours a warning must have been visible for a failure to count as preventable (default 1)."),
          QStringLiteral("hours"), QStringLiteral("1") });
    parser.addOption({ QStringLiteral("backtest"),
                       Tr::tr("Instead of the report: put the hazard model behind its forecasts to the test. Fitted "
                              "on the history before the period only, what it predicted of the period's warnings "
                              "against what came, as CSV on standard output.") });
    parser.addOption({ QStringLiteral("from-prometheus"),
                       Tr::tr("Instead of --recording: read the period from this Prometheus-compatible query API "
                              "(the DCGM series the gateways remote-write, or dcgm-exporter's scrapes)."),
                       QStringLiteral("url") });
    parser.addOption({ QStringLiteral("events"),
                       Tr::tr("With --from-prometheus: the event store's history for the period (CSV or JSON lines, "
                              "as vigil-record --import takes)."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("step"),
                       Tr::tr("With --from-prometheus: seconds between the instants read (default 60)."),
                       QStringLiteral("s"), QStringLiteral("60") });
    parser.addOption({ QStringLiteral("host-label"),
                       Tr::tr("With --from-prometheus: the label that names the node (default Hostname, else "
                              "instance)."),
                       QStringLiteral("label") });
    parser.addOption({ QStringLiteral("topology"),
                       Tr::tr("With --from-prometheus: the topology file that places the GPUs (default: laid out "
                              "from the series' labels)."),
                       QStringLiteral("file") });
}

// The language first, so that every message after it is in it.
QLocale installLanguage(const QCommandLineParser &parser, QTranslator &qt, QTranslator &own)
{
    const QLocale locale
        = parser.isSet(QStringLiteral("lang")) ? QLocale(parser.value(QStringLiteral("lang"))) : QLocale();
    QLocale::setDefault(locale);
    if (qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
    // A language Vigil has no words for (or the C locale) reads English, with its plurals.
    if (own.load(locale, QStringLiteral("vigil"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || own.load(QStringLiteral("vigil_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&own);
    return locale;
}

// The request, or why the command line makes no sense.
QString readRequest(const QCommandLineParser &parser, const QLocale &locale, ReportRequest &r)
{
    r.fromTsdb = parser.isSet(QStringLiteral("from-prometheus"));
    if (parser.isSet(QStringLiteral("recording")) == r.fromTsdb)
        return Tr::tr("--recording FILE or --from-prometheus URL is needed, one of them");
    if (!r.fromTsdb && parser.isSet(QStringLiteral("events")))
        return Tr::tr("--events goes with --from-prometheus (vigil-record --import adds events to a "
                      "recording)");
    r.backtest = parser.isSet(QStringLiteral("backtest"));
    if (!parser.isSet(QStringLiteral("out")) && !r.backtest)
        return Tr::tr("--out PATH is needed");
    r.format = parser.value(QStringLiteral("format"));
    if (r.format != QLatin1String("csv") && r.format != QLatin1String("pdf"))
        return Tr::tr("--format: '%1' is not pdf or csv").arg(r.format);
    r.page = parser.value(QStringLiteral("page")).toLower();
    if (r.page != QLatin1String("a4") && r.page != QLatin1String("letter"))
        return Tr::tr("--page: '%1' is not a4 or letter").arg(parser.value(QStringLiteral("page")));
    if (parser.isSet(QStringLiteral("lang")) && locale.language() == QLocale::C)
        return Tr::tr("--lang: '%1' is not a language").arg(parser.value(QStringLiteral("lang")));
    bool ok = false;
    r.settings.pricePerGpuHour = QLocale::c().toDouble(parser.value(QStringLiteral("price")), &ok);
    if (!ok)
        return Tr::tr("--price: '%1' is not a number").arg(parser.value(QStringLiteral("price")));
    const double lead = QLocale::c().toDouble(parser.value(QStringLiteral("lead-time")), &ok);
    if (!ok || !std::isfinite(lead))
        return Tr::tr("--lead-time: '%1' is not a number of hours").arg(parser.value(QStringLiteral("lead-time")));
    r.settings.leadTimeMs = int64_t(std::llround(std::clamp(lead, -1e6, 1e6) * 3600000.0));
    if (const QString why = r.settings.validate(); !why.isEmpty())
        return why;
    if (parser.isSet(QStringLiteral("from")) && !(r.from = vigil::parseInstant(parser.value(QStringLiteral("from")))))
        return Tr::tr("--from: '%1' is not a date (2026-11-02) or a date and time (2026-11-02T06:00)")
            .arg(parser.value(QStringLiteral("from")));
    if (parser.isSet(QStringLiteral("to")) && !(r.to = vigil::parseInstant(parser.value(QStringLiteral("to")))))
        return Tr::tr("--to: '%1' is not a date (2026-11-09) or a date and time (2026-11-09T06:00)")
            .arg(parser.value(QStringLiteral("to")));
    const std::optional<int64_t> length = vigil::parseLength(parser.value(QStringLiteral("period")));
    r.length = length.value_or(0);
    if (!length)
        return Tr::tr("--period: '%1' is not a length like 7d, 30d or 36h").arg(parser.value(QStringLiteral("period")));
    return {};
}

struct Step
{
    int status = 0; // 0, or the exit status
    QString error;
};

// --from-prometheus: the time-series database and the event store, made into a recording
// in `scratch` that the report reads like any other.
Step readFromPrometheus(const QCommandLineParser &parser, const ReportRequest &r, const QTemporaryDir &scratch,
                        QTextStream &err)
{
    if (!scratch.isValid())
        return { 1, scratch.errorString() };
    const QString recordingPath = scratch.filePath(QStringLiteral("from-prometheus.vigil"));
    vigil::TsdbHistoryRequest request;
    if (const QString why = vigil::tsdbHistoryRequestFromCommandLine(parser, request); !why.isEmpty())
        return { 2, why };
    request.toMs = r.to.value_or(QDateTime::currentMSecsSinceEpoch());
    request.fromMs = r.from.value_or(vigil::saturatingAdd(request.toMs, -r.length));
    request.recordingPath = recordingPath;
    if (const QString why = vigil::checkTsdbHistoryRequest(request); !why.isEmpty())
        return { 2, why };
    const vigil::TsdbHistoryOutcome read = vigil::recordTsdbHistory(request);
    if (!read.error.isEmpty())
        return { 1, read.error };
    err << "vigil-report: " << vigil::describeTsdbHistory(read) << Qt::endl;
    if (parser.isSet(QStringLiteral("events"))) {
        const vigil::ImportReport events
            = vigil::importEventHistory(parser.value(QStringLiteral("events")), recordingPath, request.topology);
        if (!events.error.isEmpty())
            return { 1, QStringLiteral("--events: ") + events.error };
        for (const QString &problem : events.problems)
            err << "vigil-report: --events: " << problem << Qt::endl;
        err << "vigil-report: "
            << Tr::tr("%1 events from the event store, %2 refused").arg(events.imported).arg(events.refused)
            << Qt::endl;
    }
    return {};
}

// --backtest: the hazard model's forecast of the period against what came, as CSV.
void printBacktest(const vigil::MaintenanceReport &report, int64_t start, int64_t end, QTextStream &out,
                   QTextStream &err)
{
    out << QString::fromUtf8(vigil::backtestCsv(report.backtest));
    const vigil::Backtest &b = report.backtest;
    err << "vigil-report: "
        << (b.fittedOnNothing()
                ? Tr::tr("no history before %1: the forecast stood on the documented priors alone").arg(day(start))
                : Tr::tr("fitted on %1 – %2, tested on %2 – %3").arg(day(b.fittedFromMs), day(start), day(end)))
        << "; "
        << Tr::tr("predicted %1 failures (%2 GPU-hours), %3 came (%4 GPU-hours); Brier score %5, %6 for the "
                  "base rate alone")
               .arg(b.total.predictedFailures, 0, 'f', 1)
               .arg(b.total.predictedGpuHours, 0, 'f', 0)
               .arg(b.total.actualFailures, 0, 'f', 0)
               .arg(b.total.actualGpuHours, 0, 'f', 0)
               .arg(b.brier, 0, 'f', 4)
               .arg(b.baselineBrier, 0, 'f', 4)
        << Qt::endl;
}

// The report as PDF or CSV, and a line a person reads; an error when it cannot be written.
QString writeReport(const vigil::MaintenanceReport &report, const QCommandLineParser &parser, const ReportRequest &r,
                    const QLocale &locale, const QString &source, int64_t start, int64_t end, QTextStream &out)
{
    QStringList written;
    const QString outPath = parser.value(QStringLiteral("out"));
    const QString error = r.format == QLatin1String("csv")
        ? vigil::writeReportCsv(report, outPath, &written)
        : vigil::ReportRenderer(report, QPageSize(r.page == QLatin1String("a4") ? QPageSize::A4 : QPageSize::Letter),
                                locale)
              .writePdf(outPath);
    if (!error.isEmpty())
        return error;
    if (r.format == QLatin1String("pdf"))
        written << outPath;
    // A person reads this line: numbers grouped the way the report's language groups them (11,656; 11.656).
    const QLocale l = locale.language() == QLocale::C ? QLocale(QLocale::English) : locale;
    out << source << ", " << day(start) << " – " << day(end) << " UTC: ";
    if (report.isEmpty())
        out << Tr::tr("nothing happened in this period: no disruptions, no manual actions, no open warnings");
    else
        out << Tr::tr("%1 disruptions, %2 GPU-hours lost ($%3), %4 % preventable, %5 hands-on actions and %6 "
                      "acknowledgements, %7 open warnings")
                   .arg(l.toString(qulonglong(report.current.disruptions)),
                        l.toString(report.current.lostGpuHours, 'f', 0), l.toString(report.current.money, 'f', 0),
                        l.toString(report.current.preventableShare() * 100.0, 'f', 0),
                        l.toString(qulonglong(report.grit.work.handsOn)),
                        l.toString(qulonglong(report.grit.work.paperwork)), l.toString(qulonglong(report.debt.size())));
    if (report.fleet.fleet.failures > 0)
        out << Tr::tr("; %Ln hardware failure(s) in the fleet (%1 per 1,000 GPU-days)", nullptr,
                      int(std::min<uint64_t>(report.fleet.fleet.failures, INT_MAX)))
                   .arg(l.toString(report.fleet.fleet.per1000GpuDays(), 'f', 2));
    out << Qt::endl;
    for (const QString &file : written)
        out << "  " << file << Qt::endl;
    return {};
}

} // namespace

int main(int argc, char *argv[])
{
    // Fonts and painting need a GUI application, not a screen.
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("vigil-report"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VIGIL_VERSION));
    QTextStream out(stdout), err(stderr);
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);
    QTranslator qt, own;
    const QLocale locale = installLanguage(parser, qt, own);
    const auto fail = [&](int status, const QString &why) {
        err << "vigil-report: " << why << Qt::endl;
        return status;
    };
    ReportRequest request;
    if (const QString why = readRequest(parser, locale, request); !why.isEmpty())
        return fail(2, why);
    QString recordingPath = parser.value(QStringLiteral("recording"));
    QTemporaryDir scratch;
    if (request.fromTsdb) {
        if (const Step read = readFromPrometheus(parser, request, scratch, err); read.status != 0)
            return fail(read.status, read.error);
        recordingPath = scratch.filePath(QStringLiteral("from-prometheus.vigil"));
    }
    vigil::RecordingReader recording;
    if (const QString error = recording.open(recordingPath); !error.isEmpty())
        return fail(1, error);
    // Without --from and --to: the last --period of the recording, not before its first record.
    const auto [tailFrom, tailTo]
        = vigil::recordingTail(recording, request.length, QDateTime::currentMSecsSinceEpoch());
    const int64_t end = request.to.value_or(tailTo);
    const int64_t start = request.from.value_or(request.to ? vigil::saturatingAdd(end, -request.length) : tailFrom);
    if (end <= start)
        return fail(2, Tr::tr("the period ends (%1) before it begins (%2)").arg(day(end), day(start)));
    vigil::MaintenanceReport report;
    if (const QString error = vigil::buildReport(recording, start, end, request.settings, {}, report); !error.isEmpty())
        return fail(1, error);
    if (request.backtest) {
        printBacktest(report, start, end, out, err);
        return 0;
    }
    const QString source
        = request.fromTsdb ? parser.value(QStringLiteral("from-prometheus")) : QFileInfo(recording.path()).fileName();
    if (const QString error = writeReport(report, parser, request, locale, source, start, end, out); !error.isEmpty())
        return fail(1, error);
    return 0;
}
