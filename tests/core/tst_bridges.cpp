// SPDX-License-Identifier: GPL-3.0-or-later
// Bridges from real sources, fed from fixtures written in the public formats:
// the topology file, dcgm-exporter's Prometheus text, NVRM Xid kernel-log lines
// and training-log JSON lines. Good lines kept, bad lines counted with a reason.
#include "domain/pciaddress.h"
#include "domain/sanitizers.h"
#include "sim/topologybuilder.h"
#include "sources/dcgmmapper.h"
#include "sources/exposition.h"
#include "sources/kernellog.h"
#include "sources/tensorboard.h"
#include "sources/topologyfile.h"
#include "sources/traininglog.h"
#include "sources/xidmerger.h"
#include "tensorboard/tfevent.pb.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <map>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>

using namespace vigil;

// Every allocation this test binary makes is counted, so that a test can show that a
// piece of code makes none. Not under AddressSanitizer, which owns operator new there.
#if VIGIL_UNDER_ASAN
#define VIGIL_COUNTS_ALLOCATIONS 0
#else
#define VIGIL_COUNTS_ALLOCATIONS 1
#endif
namespace {
std::atomic<uint64_t> g_allocations { 0 };
}
#if VIGIL_COUNTS_ALLOCATIONS
void *operator new(size_t size)
{
    ++g_allocations;
    if (void *p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void operator delete(void *p) noexcept
{
    std::free(p);
}
void operator delete(void *p, size_t) noexcept
{
    std::free(p);
}
#endif

namespace {

QByteArray fixture(const char *name)
{
    QFile file(QStringLiteral(VIGIL_TEST_DATA_DIR "/%1").arg(QLatin1String(name)));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll();
}

std::shared_ptr<const Topology> labTopology()
{
    TopologyFile file = TopologyFile::parse(fixture("topology-lab.json"));
    if (!file.error.isEmpty())
        qFatal("%s", qPrintable(file.error));
    return std::make_shared<const Topology>(file.topology);
}

} // namespace

class TestBridges : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // --- topology file ---
    void topologyFileReadsTheLab()
    {
        const TopologyFile file = TopologyFile::parse(fixture("topology-lab.json"));
        QCOMPARE(file.error, QString());
        const Topology &t = file.topology;
        QCOMPARE(t.clusterName, QStringLiteral("lab-east"));
        QCOMPARE(t.racks.size(), size_t(2));
        QCOMPARE(t.nodes.size(), size_t(3));
        QCOMPARE(t.gpus.size(), size_t(20));
        QCOMPARE(t.pdus.size(), size_t(3));
        QCOMPARE(t.pdus[0].ratedKw, 17.3f);
        QCOMPARE(t.gpus[4].pciBusId, QStringLiteral("0000:9a:00.0"));
        QCOMPARE(t.jobs.size(), size_t(1));
        QCOMPARE(t.jobs[0].gpuIndices.size(), size_t(16));
        QCOMPARE(t.jobs[0].priority, PriorityClass::Training);
        QCOMPARE(t.switches.size(), size_t(3)); // a spine and two leaves
        QCOMPARE(t.switches[t.racks[1].leafSwitchIndex].uplinkSwitchIndices, std::vector<uint32_t> { 0 });
        // The second rack has no position: placed after the first and said so.
        QCOMPARE(t.racks[1].positionInRow, 1u);
        QCOMPARE(t.racks[1].placement, Rack::Placement::Assumed); // flagged, so the map can say so
        QCOMPARE(t.racks[0].placement, Rack::Placement::Known);
        QCOMPARE(file.warnings.size(), 1);
        QVERIFY(file.warnings.front().contains(QStringLiteral("L1-R2")));
    }

    void topologyFileRoundTrip()
    {
        const Topology original = buildTopology(ClusterShape { 512 }, 9);
        const TopologyFile back = TopologyFile::parse(TopologyFile::write(original));
        QCOMPARE(back.error, QString());
        QVERIFY(back.topology == original);
        QVERIFY(back.warnings.isEmpty());
        // An assumed position is not written down as if it were known.
        const TopologyFile lab = TopologyFile::parse(fixture("topology-lab.json"));
        const TopologyFile again = TopologyFile::parse(TopologyFile::write(lab.topology));
        QCOMPARE(again.error, QString());
        QVERIFY(again.topology == lab.topology);
    }

    void topologyFileErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("{\"cluster\": ") << QStringLiteral("not JSON at byte");
        QTest::newRow("array") << QByteArray("[]") << QStringLiteral("must be a JSON object");
        QTest::newRow("no halls") << QByteArray("{\"cluster\": \"x\"}") << QStringLiteral("$.halls: expected an array");
        QTest::newRow("no gpus") << QByteArray("{\"cluster\": \"x\", \"halls\": []}") << QStringLiteral("no GPUs");
        const QByteArray rack
            = "{\"cluster\": \"x\", \"halls\": [{\"name\": \"H\", \"rows\": [{\"name\": \"R\", \"racks\": [%1]}]}]}";
        auto withRack = [&](const char *r) { return QByteArray(rack).replace("%1", r); };
        // Found by fuzz_topology: the value was converted to an unsigned index before the
        // range error was looked at (undefined behaviour).
        QTest::newRow("gpu index far out of range")
            << withRack("{\"name\": \"K\", \"nodes\": [{\"hostname\": \"n1\", \"gpus\": "
                        "[{\"uuid\": \"GPU-1\", \"index\": 3.9e125}]}]}")
            << QStringLiteral("gpus[0].index: expected a number from 0 to 63");
        QTest::newRow("pdu without rating")
            << withRack("{\"name\": \"K\", \"pdus\": [{\"name\": \"P\"}], \"nodes\": []}")
            << QStringLiteral("$.halls[0].rows[0].racks[0].pdus[0].rated_kw");
        QTest::newRow("negative rating") << withRack(
            "{\"name\": \"K\", \"pdus\": [{\"name\": \"P\", \"rated_kw\": -4}], \"nodes\": []}")
                                         << QStringLiteral("rated_kw: expected a number");
        QTest::newRow("duplicate uuid") << withRack("{\"name\": \"K\", \"nodes\": [{\"hostname\": \"a\", \"gpus\": "
                                                    "[{\"uuid\": \"GPU-1\"}, {\"uuid\": \"GPU-1\"}]}]}")
                                        << QStringLiteral("'GPU-1' appears twice");
        QTest::newRow("duplicate host") << withRack("{\"name\": \"K\", \"nodes\": [{\"hostname\": \"a\", \"gpus\": "
                                                    "[{\"uuid\": \"GPU-1\"}]}, {\"hostname\": \"a\", \"gpus\": []}]}")
                                        << QStringLiteral("'a' appears twice");
        QTest::newRow("position clash") << withRack(
            "{\"name\": \"K\", \"position\": 2, \"nodes\": []}, {\"name\": \"L\", \"position\": 2, \"nodes\": []}")
                                        << QStringLiteral("2 is taken");
        QTest::newRow("unknown loop") << QByteArray("{\"cluster\": \"x\", \"halls\": [{\"name\": \"H\", \"rows\": "
                                                    "[{\"name\": \"R\", \"cooling_loop\": \"nope\", \"racks\": []}]}]}")
                                      << QStringLiteral("no cooling loop named 'nope'");
        QTest::newRow("job on unknown gpu")
            << QByteArray("{\"cluster\": \"x\", \"halls\": [{\"name\": \"H\", \"rows\": [{\"name\": \"R\", \"racks\": "
                          "[{\"name\": \"K\", \"nodes\": [{\"hostname\": \"a\", \"gpus\": [{\"uuid\": "
                          "\"GPU-1\"}]}]}]}]}], \"jobs\": [{\"id\": \"j\", \"gpus\": [\"GPU-2\"]}]}")
            << QStringLiteral("no GPU 'GPU-2'");
    }

    void topologyFileErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const TopologyFile file = TopologyFile::parse(json);
        QVERIFY2(file.error.contains(error), qPrintable(file.error));
    }

    // --- line reader ---
    void linesSurviveAnyChunking()
    {
        const QByteArray text = "alpha\r\nbeta\n\ngamma without end";
        for (int split = 0; split <= text.size(); ++split) {
            LineReader reader;
            QList<QByteArray> lines;
            auto collect = [&](uint64_t, QByteArrayView line, bool) { lines << line.toByteArray(); };
            reader.feed(QByteArrayView(text).first(split), collect);
            reader.feed(QByteArrayView(text).sliced(split), collect);
            reader.finish(collect);
            QCOMPARE(lines, (QList<QByteArray> { "alpha", "beta", "", "gamma without end" }));
        }
    }

    void oversizeLineIsCutNotBuffered()
    {
        LineReader reader(16);
        QList<bool> oversize;
        QList<QByteArray> lines;
        auto collect = [&](uint64_t, QByteArrayView line, bool big) {
            lines << line.toByteArray();
            oversize << big;
        };
        reader.feed("short\n", collect);
        reader.feed(QByteArray(100, 'x'), collect);
        reader.feed(QByteArray(100, 'y') + "\nafter\n", collect);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(oversize, (QList<bool> { false, true, false }));
        QCOMPARE(lines.last(), QByteArray("after"));
    }

    // --- Prometheus text ---
    void prometheusFixture()
    {
        struct Collect final : ExpositionVisitor
        {
            void sample(const ExpositionSample &s) override
            {
                if (names.isEmpty()) {
                    model = s.label("modelName");
                    value = s.value;
                }
                names << s.name.toByteArray();
            }
            void help(QByteArrayView name, QByteArrayView text) override
            {
                helps[name.toByteArray()] = text.toByteArray();
            }
            QList<QByteArray> names;
            std::map<QByteArray, QByteArray> helps;
            QString model;
            double value = 0;
        } collect;
        const ParseStats s = readExposition(fixture("dcgm-exporter-lab.prom"), collect);
        QCOMPARE(s.accepted, uint64_t(15));
        QCOMPARE(s.rejected, uint64_t(3));
        QCOMPARE(s.skipped, uint64_t(14));
        QCOMPARE(s.lines, s.accepted + s.rejected + s.skipped);
        QVERIFY(s.firstErrors.join(u'\n').contains(QStringLiteral("'hot' is not a number")));
        QCOMPARE(collect.names.front(), QByteArray("DCGM_FI_DEV_SM_CLOCK"));
        QCOMPARE(collect.model, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(collect.value, 1980.0);
        QVERIFY(!collect.helps["DCGM_FI_DEV_SM_CLOCK"].isEmpty());
    }

    void prometheusLines_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("error");
        QTest::addColumn<double>("value");
        QTest::newRow("bare") << QByteArray("up 1") << QString() << 1.0;
        QTest::newRow("timestamp") << QByteArray("up{a=\"b\"} 2.5 1793577600000") << QString() << 2.5;
        QTest::newRow("escaped label") << QByteArray("m{path=\"C:\\\\dir\\\"x\\\"\\n\"} 3") << QString() << 3.0;
        QTest::newRow("exponent") << QByteArray("m 1.5e3") << QString() << 1500.0;
        QTest::newRow("+Inf") << QByteArray("m +Inf") << QString() << std::numeric_limits<double>::infinity();
        QTest::newRow("no value") << QByteArray("m{a=\"b\"}") << QStringLiteral("has no value") << 0.0;
        QTest::newRow("unquoted label") << QByteArray("m{a=b} 1") << QStringLiteral("no quoted value") << 0.0;
        QTest::newRow("bad timestamp") << QByteArray("m 1 soon") << QStringLiteral("malformed timestamp") << 0.0;
        QTest::newRow("starts with digit") << QByteArray("9m 1") << QStringLiteral("expected a metric name") << 0.0;
        QTest::newRow("lower-case inf") << QByteArray("m inf") << QString() << std::numeric_limits<double>::infinity();
        QTest::newRow("-Inf") << QByteArray("m -Inf") << QString() << -std::numeric_limits<double>::infinity();
        QTest::newRow("leading plus") << QByteArray("m +7") << QString() << 7.0;
        QTest::newRow("spaces in labels") << QByteArray("m{ a = \"b\" , c=\"d\", } 4") << QString() << 4.0;
        QTest::newRow("CRLF") << QByteArray("m{a=\"b\"} 5\r") << QString() << 5.0;
        QTest::newRow("open label set") << QByteArray("m{a=\"b\"") << QStringLiteral("not closed") << 0.0;
        QTest::newRow("unterminated value") << QByteArray("m{a=\"b} 1") << QStringLiteral("unterminated") << 0.0;
        QTest::newRow("two values") << QByteArray("m 1 2 3") << QStringLiteral("malformed timestamp") << 0.0;
        QTest::newRow("hex is not a number") << QByteArray("m 0x10") << QStringLiteral("not a number") << 0.0;
        QTest::newRow("too many labels") <<
            [] {
                QByteArray l("m{");
                for (int i = 0; i < 60; ++i)
                    l += "l" + QByteArray::number(i) + "=\"v\",";
                return l + "} 1";
            }() << QStringLiteral("more than")
                                         << 0.0;
    }

    void prometheusLines()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, error);
        QFETCH(double, value);
        ExpositionSample sample;
        QByteArrayView view(line);
        if (view.endsWith('\r'))
            view.chop(1); // the reader takes CR off a CRLF line
        const QString got = parseExpositionLine(view, sample);
        if (error.isEmpty()) {
            QCOMPARE(got, QString());
            QCOMPARE(sample.value, value);
        } else {
            QVERIFY2(got.contains(error), qPrintable(got));
        }
        if (QTest::currentDataTag() == QByteArray("escaped label"))
            QCOMPARE(sample.label("path"), QStringLiteral("C:\\dir\"x\"\n"));
    }

    void dcgmThrottleReasonsUnderEitherName()
    {
        const auto topology = labTopology();
        const QString uuid = topology->gpus[2].uuid;
        const QByteArray scraped = QStringLiteral("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu=\"2\",UUID=\"%1\"} 96\n"
                                                  "DCGM_FI_DEV_CLOCKS_EVENT_REASONS{gpu=\"2\",UUID=\"%1\"} 4\n"
                                                  "DCGM_FI_DEV_CLOCKS_EVENT_REASONS{gpu=\"2\",UUID=\"%1\"} -1\n")
                                       .arg(uuid)
                                       .toUtf8();
        DcgmMapper mapper(topology, standardMetrics());
        const DcgmMapper::Result r = mapper.map(scraped, 1793577600000);
        QCOMPARE(r.readings.size(), size_t(2));
        for (const GpuReading &g : r.readings) {
            QCOMPARE(standardMetrics()[g.metricId].name, metric::ClocksEventReasons);
            QCOMPARE(g.gpu, 2u);
        }
        QCOMPARE(r.readings[0].value, 96.0f); // SW + HW thermal slowdown, under the pre-3.3 name
        QCOMPARE(r.readings[1].value, 4.0f); // SW power cap
        QCOMPARE(r.stats.rejected, uint64_t(1)); // a negative bitmask is not a reading
    }

    // --- dcgm-exporter to GPUs ---
    void dcgmMapsToTheRightGpus()
    {
        const auto topology = labTopology();
        const QByteArray scraped = fixture("dcgm-exporter-lab.prom");
        DcgmMapper mapper(topology, standardMetrics());
        const DcgmMapper::Result r = mapper.map(scraped, 1793577600000);
        QCOMPARE(r.stats.accepted, uint64_t(10));
        // 14 comments and blanks; two DCGM blanks, a NaN.
        QCOMPARE(r.stats.skipped, uint64_t(14 + 3));
        // 3 malformed lines; negative power, an unknown GPU.
        QCOMPARE(r.stats.rejected, uint64_t(3 + 2));
        QCOMPARE(r.stats.lines, r.stats.accepted + r.stats.skipped + r.stats.rejected);
        QVERIFY(r.unknownFields.empty()); // SM clock is one of Vigil's own metrics
        const QString errors = r.stats.firstErrors.join(u'\n');
        QVERIFY2(errors.contains(QStringLiteral("outside 0..2000")), qPrintable(errors));
        QVERIFY(errors.contains(QStringLiteral("GPU-deadbeef")));
        auto reading = [&](const QString &metric, uint32_t gpu) -> float {
            uint32_t id = 0;
            for (const auto &m : standardMetrics())
                if (m.name == metric)
                    id = m.id;
            for (const GpuReading &g : r.readings)
                if (g.metricId == id && g.gpu == gpu)
                    return g.value;
            return std::nanf("");
        };
        QCOMPARE(r.readings.size(), size_t(8));
        QCOMPARE(reading(metric::SmClock, 0), 1980.0f);
        QCOMPARE(reading(metric::GpuTemp, 0), 64.0f);
        QCOMPARE(reading(metric::GpuTemp, 1), 71.0f);
        QCOMPARE(reading(metric::GpuTemp, 11), 58.0f); // by Hostname + gpu index, no UUID label
        QVERIFY(std::isnan(reading(metric::MemoryTemp, 0))); // DCGM's "not supported" is no reading
        QCOMPARE(reading(metric::GpuPower, 0), 612.337f);
        QCOMPARE(reading(metric::FbUsed, 0), 76211.0f);
        QCOMPARE(r.events.size(), size_t(1));
        QCOMPARE(r.events.front().code, 79);
        QCOMPARE(r.events.front().entity, (EntityRef { EntityKind::Gpu, 5 }));
        QCOMPARE(r.events.front().severity, Severity::Critical);
        QCOMPARE(r.events.front().jobId, QStringLiteral("llm-70b"));
        // The gauge keeps saying 79: one event, not one per scrape.
        QCOMPARE(mapper.map(scraped, 1793577660000).events.size(), size_t(0));
    }

    // Error counters stay counters: each increase is the warning it counts, with how many.
    void dcgmCountersBecomeWarnings()
    {
        const auto topology = labTopology();
        const QString uuid = topology->gpus[3].uuid;
        DcgmMapper mapper(topology, standardMetrics());
        auto scrape = [&](const QString &text, int64_t timeMs) {
            const QByteArray scraped = text.toUtf8();
            return mapper.map(scraped, timeMs);
        };
        auto text = [&](double sbeVol, double sbeAgg, double dbe, double thermalNs, double rows, double crc) {
            const auto n = [](double v) { return QString::number(v, 'f', 0); };
            return QStringLiteral("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL{gpu=\"3\",UUID=\"%1\"} %2\n"
                                  "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL{gpu=\"3\",UUID=\"%1\"} %3\n"
                                  "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL{gpu=\"3\",UUID=\"%1\"} %4\n"
                                  "DCGM_FI_DEV_THERMAL_VIOLATION{gpu=\"3\",UUID=\"%1\"} %5\n"
                                  "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS{gpu=\"3\",UUID=\"%1\"} %6\n"
                                  "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL{gpu=\"3\",UUID=\"%1\"} %7\n")
                .arg(uuid, n(sbeVol), n(sbeAgg), n(dbe), n(thermalNs), n(rows), n(crc));
        };
        // The first scrape is the baseline: lifetime counts are not news.
        DcgmMapper::Result r = scrape(text(5, 900, 0, 2e9, 1, 40), 1793577600000);
        QVERIFY(r.events.empty());
        QCOMPARE(r.stats.accepted, uint64_t(6));
        // Twelve new correctable errors (told once, not again by the aggregate count), an
        // uncorrectable one, 1.5 s of thermal throttling, a row remapped and 3 CRC errors.
        r = scrape(text(17, 912, 1, 3.5e9, 2, 43), 1793577660000);
        std::map<EventType, Event> byType;
        for (const Event &e : r.events)
            QVERIFY2(byType.emplace(e.type, e).second, "one warning a kind");
        QCOMPARE(byType.size(), size_t(5));
        QCOMPARE(byType[EventType::EccSingleBit].value, 12.0);
        QCOMPARE(byType[EventType::EccSingleBit].entity, (EntityRef { EntityKind::Gpu, 3 }));
        QCOMPARE(byType[EventType::EccDoubleBit].severity, Severity::Critical);
        QCOMPARE(byType[EventType::ThermalThrottle].value, 1.5);
        QCOMPARE(byType[EventType::RowRemap].value, 1.0);
        QCOMPARE(byType[EventType::NvlinkCrc].value, 3.0);
        QCOMPARE(byType[EventType::EccSingleBit].timeMs, int64_t(1793577660000));
        QVERIFY(byType[EventType::EccSingleBit].message.contains(QStringLiteral("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL")));
        // Nothing new: nothing said. A reboot resets the volatile counts: no warning, a new baseline.
        QVERIFY(scrape(text(17, 912, 1, 3.5e9, 2, 43), 1793577720000).events.empty());
        QVERIFY(scrape(text(0, 912, 0, 0, 2, 0), 1793577780000).events.empty());
        r = scrape(text(4, 916, 0, 0, 2, 0), 1793577840000);
        QCOMPARE(r.events.size(), size_t(1));
        QCOMPARE(r.events.front().value, 4.0);
        // A count that is no count is refused.
        r = scrape(text(-3, 916, 0, 0, 2, 0), 1793577900000);
        QCOMPARE(r.stats.rejected, uint64_t(1));
    }

    // Every exporter generation: 4.x's lower-case labels, 1.x's dcgm_* names, and a sample
    // that cannot be placed says how to fix it.
    void dcgmExporterGenerations()
    {
        const auto topology = labTopology();
        const QString host = topology->nodes[topology->gpus[9].nodeIndex].hostname;
        const uint32_t local = topology->gpus[9].localIndex;
        const QByteArray scraped = QStringLiteral("DCGM_FI_DEV_GPU_TEMP{gpu=\"%1\",hostname=\"%2\"} 61\n"
                                                  "dcgm_gpu_temp{gpu=\"%1\",Hostname=\"%2\"} 62\n"
                                                  "dcgm_power_usage{gpu=\"%1\",uuid=\"%3\"} 300.5\n"
                                                  "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 50\n")
                                       .arg(local)
                                       .arg(host, topology->gpus[9].uuid)
                                       .toUtf8();
        DcgmMapper mapper(topology, standardMetrics());
        const DcgmMapper::Result r = mapper.map(scraped, 1793577600000);
        QCOMPARE(r.readings.size(), size_t(3));
        for (const GpuReading &g : r.readings)
            QCOMPARE(g.gpu, 9u);
        QCOMPARE(r.readings[0].value, 61.0f);
        QCOMPARE(r.readings[1].value, 62.0f);
        QCOMPARE(r.readings[2].value, 300.5f);
        QCOMPARE(r.stats.rejected, uint64_t(1));
        QVERIFY2(r.stats.firstErrors.join(u'\n').contains(QStringLiteral("--dcgm NODE=URL")),
                 qPrintable(r.stats.firstErrors.join(u'\n')));
    }

    // Mapping a scrape allocates nothing per line once the fields are known: the second
    // scrape of 8 fields on 16 GPUs allocates nothing at all.
    void dcgmScrapeAllocatesNothingPerLine()
    {
        if (!VIGIL_COUNTS_ALLOCATIONS)
            QSKIP("allocations are counted in the release lane; AddressSanitizer owns operator new here");
        const auto topology = labTopology();
        QByteArray text;
        const char *fields[] = { "DCGM_FI_DEV_GPU_TEMP",    "DCGM_FI_DEV_MEMORY_TEMP",
                                 "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_UTIL",
                                 "DCGM_FI_DEV_FB_USED",     "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
                                 "DCGM_FI_DEV_XID_ERRORS",  "DCGM_FI_DEV_CLOCKS_EVENT_REASONS" };
        for (const char *field : fields) {
            text += "# HELP " + QByteArray(field) + " help.\n# TYPE " + field + " gauge\n";
            for (uint32_t g = 0; g < 16; ++g)
                text += QByteArray(field) + "{gpu=\"" + QByteArray::number(topology->gpus[g].localIndex) + "\",UUID=\""
                    + topology->gpus[g].uuid.toUtf8()
                    + "\",device=\"nvidia0\",modelName=\"NVIDIA H100 80GB HBM3\"} 42\n";
        }
        DcgmMapper mapper(topology, standardMetrics());
        DcgmMapper::Result result;
        mapper.mapInto(text, 1793577600000, {}, result); // learns the fields, sizes the buffers
        QCOMPARE(result.stats.rejected, uint64_t(0));
        const uint64_t before = g_allocations.load();
        mapper.mapInto(text, 1793577601000, {}, result);
        const uint64_t allocations = g_allocations.load() - before;
        QCOMPARE(result.stats.accepted, uint64_t(8 * 16));
        QCOMPARE(result.readings.size(), size_t(6 * 16)); // the ECC count and the Xid gauge are no metrics here
        QCOMPARE(allocations, uint64_t(0));
    }

    // A hostile or broken exporter that invents field names (20,000 here, over 20 scrapes)
    // grows nothing without bound: the names resolved are capped, each scrape tells 256 unknown
    // names apart and counts the rest together, and the real fields beside them still map.
    void dcgmInventedNamesAreBounded()
    {
        const auto topology = labTopology();
        DcgmMapper mapper(topology, standardMetrics());
        DcgmMapper::Result result;
        for (int scrape = 0; scrape < 20; ++scrape) {
            QByteArray text = "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"" + topology->gpus[0].uuid.toUtf8() + "\"} 51\n";
            for (int n = 0; n < 1000; ++n)
                text += "# HELP x" + QByteArray::number(scrape * 1000 + n) + " made up.\nx"
                    + QByteArray::number(scrape * 1000 + n) + "{gpu=\"0\"} 1\n";
            mapper.mapInto(text, 1793577600000 + scrape * 1000, {}, result);
            QCOMPARE(result.readings.size(), size_t(1));
            QVERIFY(mapper.resolvedNames() <= 4096);
            QCOMPARE(result.unknownFields.size(), UnknownField::MaxNames + 1);
            QCOMPARE(result.unknownFields.at(QLatin1String(UnknownField::OtherNames)).samples,
                     uint64_t(1000 - UnknownField::MaxNames));
            QCOMPARE(result.stats.skipped, uint64_t(2000)); // each made-up sample and its HELP line
        }
        // A training log's JSON keys likewise.
        TrainingLogParser training;
        QByteArray line = "{\"step\": 1, \"loss\": 2.5";
        for (int n = 0; n < 1000; ++n)
            line += ", \"k" + QByteArray::number(n) + "\": 1";
        training.feed(line + "}\n");
        training.finish();
        QCOMPARE(training.takeRecords().size(), size_t(1));
        QCOMPARE(training.unknownFields().size(), UnknownField::MaxNames + 1);
        QCOMPARE(training.unknownFields().at(QLatin1String(UnknownField::OtherNames)),
                 int(1000 - UnknownField::MaxNames));
    }

    void dcgmBlankSentinels()
    {
        QVERIFY(DcgmMapper::isBlank(2147483632.0));
        QVERIFY(DcgmMapper::isBlank(2147483634.0));
        QVERIFY(DcgmMapper::isBlank(140737488355328.0));
        QVERIFY(DcgmMapper::isBlank(9223372036854775794.0));
        QVERIFY(!DcgmMapper::isBlank(700.0));
        QVERIFY(!DcgmMapper::isBlank(2147483600.0));
    }

    // --- kernel log ---
    void kernelLogFixture()
    {
        KernelLogParser parser(2026);
        parser.feed(fixture("kern-lab.log"));
        parser.finish();
        QCOMPARE(parser.stats().accepted, uint64_t(5));
        QCOMPARE(parser.stats().skipped, uint64_t(2));
        QCOMPARE(parser.stats().rejected, uint64_t(2));
        const auto records = parser.takeRecords();
        QCOMPARE(records[0].xid, 79);
        QCOMPARE(records[0].pciBusId, QStringLiteral("0000:3a:00"));
        QCOMPARE(records[0].host, QString());
        QCOMPARE(records[0].timeMs, int64_t(0)); // dmesg's seconds since boot are not a date
        QCOMPARE(records[0].pid, 1234);
        QCOMPARE(records[0].text, QStringLiteral("GPU has fallen off the bus."));
        QCOMPARE(records[1].host, QStringLiteral("gpu-node-01"));
        QCOMPARE(records[1].xid, 48);
        QCOMPARE(records[1].timeMs, int64_t(1793589255000)); // 2026-11-02 03:14:15 UTC
        QCOMPARE(records[1].text, QStringLiteral("Double Bit ECC Error"));
        QCOMPARE(records[2].host, QStringLiteral("gpu-node-02"));
        QCOMPARE(records[2].timeMs, int64_t(1793589601250));
        QCOMPARE(records[2].pid, -1);
        QCOMPARE(records[3].timeMs, int64_t(1793592000000)); // "+0000" offset
        QCOMPARE(records[4].xid, 63);
        QCOMPARE(records[4].pciBusId, QStringLiteral("0000:18:00")); // function number dropped
        QVERIFY(parser.stats().firstErrors.join(u'\n').contains(QStringLiteral("out of range")));
    }

    // Every kernel-log format that carries a time gives the event its own time; plain
    // dmesg says it has none.
    void kernelLogTimes_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<qint64>("timeMs");
        QTest::addColumn<QString>("host");
        const QByteArray xid = "NVRM: Xid (PCI:0000:3a:00): 79, pid=1234, name=python3, GPU has fallen off the bus.";
        QTest::newRow("dmesg") << "[12345.678901] " + xid << qint64(0) << QString();
        QTest::newRow("RFC 3164 syslog") << "Nov  2 03:14:15 gpu-node-01 kernel: [12345.678901] " + xid
                                         << qint64(1793589255000) << QStringLiteral("gpu-node-01");
        QTest::newRow("ISO 8601 (rsyslog, journalctl -o short-iso)")
            << "2026-11-02T03:14:15.250+01:00 gpu-node-02 kernel: " + xid << qint64(1793585655250)
            << QStringLiteral("gpu-node-02");
        QTest::newRow("journalctl short-iso, compact offset") << "2026-11-02T03:14:15+0000 gpu-node-02 kernel: " + xid
                                                              << qint64(1793589255000) << QStringLiteral("gpu-node-02");
        QTest::newRow("RFC 5424") << "<4>1 2026-11-02T03:14:15.003Z gpu-node-03 kernel - - - " + xid
                                  << qint64(1793589255003) << QStringLiteral("gpu-node-03");
        QTest::newRow("journalctl -o json")
            << "{\"__REALTIME_TIMESTAMP\":\"1793589255123456\",\"_HOSTNAME\":\"gpu-node-04\",\"MESSAGE\":\"" + xid
                + "\",\"_TRANSPORT\":\"kernel\"}"
            << qint64(1793589255123) << QStringLiteral("gpu-node-04");
        QTest::newRow("dmesg -T (local time)")
            << "[Mon Nov  2 03:14:15 2026] " + xid
            << qint64(QDateTime(QDate(2026, 11, 2), QTime(3, 14, 15), Qt::LocalTime).toMSecsSinceEpoch()) << QString();
    }

    void kernelLogTimes()
    {
        QFETCH(QByteArray, line);
        QFETCH(qint64, timeMs);
        QFETCH(QString, host);
        XidRecord r;
        QString error;
        QCOMPARE(KernelLogParser::parseLine(line, 2026, r, &error), KernelLogParser::LineKind::Xid);
        QCOMPARE(r.timeMs, int64_t(timeMs));
        QCOMPARE(r.clock == XidRecord::Clock::None, timeMs == 0);
        QCOMPARE(r.host, host);
        QCOMPARE(r.xid, 79);
        QCOMPARE(r.pciBusId, QStringLiteral("0000:3a:00"));
        QCOMPARE(r.pid, 1234);
        QCOMPARE(r.process, QStringLiteral("python3")); // kept, not cut away
        QCOMPARE(r.text, QStringLiteral("GPU has fallen off the bus."));
        if (line.startsWith('[') && !line.startsWith("[Mon"))
            QCOMPARE(r.secondsSinceBoot, 12345.678901);
    }

    // Syslog lines have no year: a log read on 2 January that still holds 31 December's
    // lines puts them in the year before, not twelve months ahead.
    void kernelLogYearIsInferred()
    {
        const int64_t secondOfJanuary = QDateTime(QDate(2027, 1, 2), QTime(8, 0), Qt::UTC).toMSecsSinceEpoch();
        KernelLogParser parser(2027, secondOfJanuary);
        parser.feed("Dec 31 23:59:58 gpu-node-01 kernel: NVRM: Xid (PCI:0000:3a:00): 48, Double Bit ECC Error\n"
                    "Jan  2 07:59:00 gpu-node-01 kernel: NVRM: Xid (PCI:0000:3a:00): 79, GPU has fallen off the bus\n");
        parser.finish();
        const auto records = parser.takeRecords();
        QCOMPARE(records.size(), size_t(2));
        QCOMPARE(records[0].timeMs, QDateTime(QDate(2026, 12, 31), QTime(23, 59, 58), Qt::UTC).toMSecsSinceEpoch());
        QCOMPARE(records[1].timeMs, QDateTime(QDate(2027, 1, 2), QTime(7, 59), Qt::UTC).toMSecsSinceEpoch());
    }

    // NVSwitch SXid lines are read, not dropped; GPU Xid codes stay bounded.
    void nvswitchSxidIsRead()
    {
        XidRecord r;
        QCOMPARE(KernelLogParser::parseLine("Nov  2 03:14:15 gpu-node-01 kernel: nvidia-nvswitch3: SXid "
                                            "(PCI:0000:07:00.0): 12028, Non-fatal, Link 32 egress non-posted PRIV "
                                            "error (First)",
                                            2026, r),
                 KernelLogParser::LineKind::Xid);
        QVERIFY(r.nvswitch);
        QCOMPARE(r.xid, 12028);
        QCOMPARE(r.pciBusId, QStringLiteral("0000:07:00"));
        QCOMPARE(r.host, QStringLiteral("gpu-node-01"));
        QCOMPARE(KernelLogParser::parseLine("NVRM: Xid (PCI:0000:3a:00): 12028, too big", 2026, r),
                 KernelLogParser::LineKind::Malformed);
        QCOMPARE(KernelLogParser::parseLine("{\"MESSAGE\":[78,86,82,77]} NVRM: Xid", 2026, r),
                 KernelLogParser::LineKind::Malformed); // a journal entry whose message is bytes
    }

    // One spelling of a PCI address, whoever wrote it: nvidia-smi and DCGM's
    // 8-digit domain, the kernel's 4, none, upper or lower case, a function or not.
    void pciAddressesHaveOneSpelling_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("nvidia-smi") << "00000000:1A:00.0"
                                    << "0000:1a:00";
        QTest::newRow("kernel") << "0000:1a:00"
                                << "0000:1a:00";
        QTest::newRow("lspci short") << "1a:00.0"
                                     << "0000:1a:00";
        QTest::newRow("a second domain") << "0001:3B:00.1"
                                         << "0001:3b:00";
        QTest::newRow("VMD domain") << "10000:e1:00.0"
                                    << "10000:e1:00";
        QTest::newRow("padded") << "  0000:18:00.0 "
                                << "0000:18:00";
        QTest::newRow("not hex") << "zz:00"
                                 << "";
        QTest::newRow("device out of range") << "0000:18:20.0"
                                             << "";
        QTest::newRow("function out of range") << "0000:18:00.9"
                                               << "";
        QTest::newRow("nine-digit domain") << "000000000:18:00"
                                           << "";
        QTest::newRow("empty") << ""
                               << "";
        QTest::newRow("one part") << "18"
                                  << "";
    }
    void pciAddressesHaveOneSpelling()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        QCOMPARE(normalisePciBusId(text), canonical);
    }

    // The forms of an Xid line drivers have written, all placed on the same GPU address.
    void xidLinesOfEveryDriverGeneration_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("pci");
        QTest::addColumn<int>("xid");
        QTest::newRow("current") << QByteArray("NVRM: Xid (PCI:0000:1a:00): 79, pid=1234, name=python3, GPU has fallen "
                                               "off the bus.")
                                 << "0000:1a:00" << 79;
        QTest::newRow("upper case, a function")
            << QByteArray("NVRM: Xid (PCI:0000:1A:00.0): 48, pid=9, Double Bit ECC Error") << "0000:1a:00" << 48;
        QTest::newRow("old, no PCI: tag")
            << QByteArray("NVRM: Xid (0000:03:00): 14, Channel 00000001") << "0000:03:00" << 14;
        QTest::newRow("8-digit domain") << QByteArray("NVRM: Xid (PCI:00000000:3b:00): 94, pid=1, Contained: SM")
                                        << "0000:3b:00" << 94;
    }
    void xidLinesOfEveryDriverGeneration()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, pci);
        QFETCH(int, xid);
        XidRecord record;
        QString error;
        QCOMPARE(KernelLogParser::parseLine(line, 2026, record, &error), KernelLogParser::LineKind::Xid);
        QCOMPARE(record.pciBusId, pci);
        QCOMPARE(record.xid, xid);
    }

    // Plain dmesg lines count seconds since boot. A line that carries both clocks says
    // when the machine booted, and the plain lines are dated from it; a count that goes
    // back is a reboot, and those lines are stamped when read until it is learnt anew.
    void dmesgSecondsAreDatedFromTheBootTime()
    {
        KernelLogParser parser(2026);
        parser.feed(
            "Nov  2 03:00:00 node1 kernel: [  100.000000] Linux version 6.1.0 (debian-kernel)\n"
            "[  160.500000] NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus.\n"
            "[   10.000000] NVRM: Xid (PCI:0000:3b:00): 48, pid=99, An uncorrectable double bit error\n");
        parser.finish();
        const std::vector<XidRecord> records = parser.takeRecords();
        QCOMPARE(records.size(), size_t(2));
        QCOMPARE(records[0].clock, XidRecord::Clock::FromBoot);
        QCOMPARE(records[0].timeMs, int64_t(1793588400000 - 100000 + 160500));
        QCOMPARE(records[1].timeMs, int64_t(0)); // after a reboot: not known, never guessed
        QCOMPARE(records[1].clock, XidRecord::Clock::None);
        QVERIFY(!parser.bootTime(QString()));

        // A boot time given (this machine's own log) dates them from the first line.
        KernelLogParser local(2026);
        local.setBootTime(QString(), 1793588000000);
        local.feed("[   60.000000] NVRM: Xid (PCI:0000:3b:00): 31, pid=7, MMU Fault\n");
        local.finish();
        QCOMPARE(local.takeRecords().front().timeMs, int64_t(1793588060000));

        // An uptime of centuries is a damaged line: it teaches nothing and dates nothing.
        KernelLogParser damaged(2026);
        damaged.feed(
            "Nov  2 03:00:00 node1 kernel: [99999999999999999999.000000] Linux version\n"
            "[99999999999999999999.500000] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus.\n");
        damaged.finish();
        QVERIFY(!damaged.bootTime(QStringLiteral("node1")));
        QCOMPARE(damaged.takeRecords().front().timeMs, int64_t(0));
    }

    void oneXidIsOneEvent()
    {
        using S = XidMerger::Source;
        XidMerger merger(60000);
        QVERIFY(merger.admit(S::KernelLog, 5, 79, 1000000));
        QVERIFY(!merger.admit(S::Dcgm, 5, 79, 1030000)); // the same failure, seen by dcgm: merged
        QVERIFY(merger.admit(S::Dcgm, 5, 79, 1040000)); // one report merges one: this is another
        QVERIFY(!merger.admit(S::KernelLog, 5, 79, 1041000)); // ...which the kernel log then confirms
        QVERIFY(merger.admit(S::KernelLog, 5, 48, 1041000)); // another code
        QVERIFY(merger.admit(S::Dcgm, 6, 79, 1041000)); // another GPU
        QVERIFY(merger.admit(S::KernelLog, 5, 79, 1200000)); // beyond the window: its own
        QVERIFY(merger.admit(S::KernelLog, 5, 79, 1200500)); // the same source twice: both stand
        QCOMPARE(merger.merged(), uint64_t(2));

        // A week of Xids on ever new GPUs and codes: what is held stays about two windows' worth.
        XidMerger week(60000);
        size_t most = 0;
        for (uint32_t k = 0; k < 200000; ++k) {
            week.admit(S::KernelLog, k, int(k % 150), 1000000 + int64_t(k) * 3000);
            most = std::max(most, week.remembered());
        }
        QVERIFY2(most <= 2048, qPrintable(QString::number(most))); // 40 a window at one every 3 s
    }

    // --- training log ---
    void trainingLogFixture()
    {
        TrainingLogParser parser;
        parser.feed(fixture("training-lab.jsonl"));
        parser.finish();
        const ParseStats &s = parser.stats();
        QCOMPARE(s.lines, uint64_t(14));
        QCOMPARE(s.accepted, uint64_t(10));
        QCOMPARE(s.rejected, uint64_t(3));
        QCOMPARE(s.skipped, uint64_t(1));
        QCOMPARE(parser.unknownFields().at(QStringLiteral("lr")), 1);
        const auto records = parser.takeRecords();
        QCOMPARE(records[0].jobId, QStringLiteral("llm-70b"));
        QCOMPARE(records[0].timeMs, int64_t(1793588400000));
        QCOMPARE(*records[0].step, int64_t(18200));
        QCOMPARE(*records[0].loss, 2.113);
        QCOMPARE(records[2].event, EventType::CheckpointSaved);
        QVERIFY(!records[3].loss.has_value()); // NaN loss dropped, the rest kept
        QCOMPARE(*records[3].tokensPerSecond, 630000.0);
        QCOMPARE(records[6].event, EventType::Rollback);
        QCOMPARE(records[6].lostSteps, 20.0);
        QCOMPARE(records[7].event, EventType::Unspecified); // "teleport" is not an event
        QCOMPARE(*records[7].step, int64_t(18401));
        QVERIFY(!records[8].tokensPerSecond.has_value()); // 1e99 tokens/s is not believable
        QCOMPARE(records[9].jobId, QStringLiteral("eval-suite"));
    }

    // The console logs of Megatron-LM, NeMo (2 and the progress bar of 1) and
    // torchtitan, as their code prints them: every logged step is a record with its
    // own time where the line has one; the rest of the output is skipped, not rejected.
    void trainingFrameworkLogs()
    {
        const auto read = [](const char *name) {
            TrainingLogParser parser;
            parser.feed(fixture(name));
            parser.finish();
            return std::make_pair(parser.stats(), parser.takeRecords());
        };
        {
            const auto [s, r] = read("megatron-lm.log");
            QCOMPARE(s.lines, uint64_t(9));
            QCOMPARE(s.accepted, uint64_t(5));
            QCOMPARE(s.skipped, uint64_t(4));
            QCOMPARE(s.rejected, uint64_t(0));
            QCOMPARE(r.size(), size_t(5));
            QCOMPARE(r[0].timeMs, int64_t(1793588441000));
            QCOMPARE(*r[0].step, int64_t(10));
            QCOMPARE(*r[0].loss, 10.45312);
            QCOMPARE(*r[0].stepTimeS, 4.1013);
            QVERIFY(!r[0].tokensPerSecond);
            QCOMPARE(r[1].timeMs, int64_t(1793588482000));
            QCOMPARE(*r[1].loss, 9.875021);
            QCOMPARE(r[2].timeMs, int64_t(0)); // no date on the line: stamped when read
            QCOMPARE(*r[2].step, int64_t(30));
            QCOMPARE(*r[3].step, int64_t(20)); // the run went back to a checkpoint
            QCOMPARE(r[3].timeMs, int64_t(1793589005000));
            QVERIFY(!r[4].stepTimeS); // "nan" dropped and named, the loss kept
            QCOMPARE(*r[4].loss, 9.400011);
            QVERIFY(s.firstErrors.join(u' ').contains(QStringLiteral("elapsed time per iteration (ms) 'nan'")));
        }
        {
            // Megatron-DeepSpeed as BLOOM-176B ran it: step times in seconds, bare and in ms,
            // and the checkpoint each resumption loaded.
            const auto [s, r] = read("megatron-deepspeed-resumed.log");
            QCOMPARE(s.lines, uint64_t(20));
            QCOMPARE(s.accepted, uint64_t(12));
            QCOMPARE(s.rejected, uint64_t(0));
            QCOMPARE(r.size(), size_t(12));
            QCOMPARE(*r[0].restoredStep, int64_t(1000));
            QVERIFY(!r[0].step);
            QCOMPARE(*r[1].step, int64_t(1010));
            QCOMPARE(*r[1].stepTimeS, 105.22); // "(s)"
            QCOMPARE(*r[5].restoredStep, int64_t(1020));
            QCOMPARE(r[5].timeMs, int64_t(0)); // Megatron prints no time there
            QCOMPARE(*r[10].stepTimeS, 105.3015); // bare: Megatron's milliseconds
            QCOMPARE(*r[11].stepTimeS, 105.25); // "(ms)"
            for (const TrainingRecord &record : r)
                QVERIFY2(record.stepTimeS || record.restoredStep,
                         qPrintable(QStringLiteral("line %1 lost its step time").arg(record.line)));
        }
        {
            // Megatron-LM's timers across ranks (--timing-log-option all): each block is a record
            // of every rank's compute time (forward + backward), at the time of the iteration
            // line before it; the (min, max) form names no rank and is skipped.
            const auto [s, r] = read("megatron-timers.log");
            QCOMPARE(s.lines, uint64_t(1225));
            QCOMPARE(s.accepted, uint64_t(24 + 23 * 48)); // the iteration lines, and every rank's three times
            QCOMPARE(s.skipped, uint64_t(5 + 23 * 4)); // the preamble, the (min, max) block, headers and timer names
            QCOMPARE(s.rejected, uint64_t(0));
            QCOMPARE(r.size(), size_t(24 + 23));
            QVERIFY(r[0].rankComputeMs.empty());
            QCOMPARE(*r[1].step, int64_t(20));
            const TrainingRecord &block = r[2];
            QVERIFY(!block.step);
            QCOMPARE(block.timeMs, r[1].timeMs);
            QCOMPARE(block.rankComputeMs.size(), size_t(16));
            QVERIFY(std::abs(block.rankComputeMs[11] - 3700.0) < 40.0); // not slow yet
            const TrainingRecord &late = r.back();
            QCOMPARE(late.rankComputeMs.size(), size_t(16));
            QCOMPARE(late.timeMs, r[r.size() - 2].timeMs);
            QVERIFY2(late.rankComputeMs[11] > 3700.0 * 1.03, qPrintable(QString::number(late.rankComputeMs[11])));
            QVERIFY(std::abs(late.rankComputeMs[3] - 3700.0) < 40.0);
        }
        {
            // A damaged block: the unusable lines are refused, the rest kept; a rank no job has, refused.
            TrainingLogParser parser;
            parser.feed("times across ranks (ms):\n  forward-backward:\n     rank  0: 3700.5\n     rank  1: abc\n"
                        "     rank 99999999: 3.0\n     rank  2: -4\n     rank  3: 1e300\n     rank  4: 3690.25\n");
            parser.finish();
            const std::vector<TrainingRecord> r = parser.takeRecords();
            QCOMPARE(parser.stats().accepted, uint64_t(2));
            QCOMPARE(parser.stats().rejected, uint64_t(4));
            QCOMPARE(r.size(), size_t(1));
            QCOMPARE(r[0].rankComputeMs.size(), size_t(5));
            QCOMPARE(r[0].rankComputeMs[0], 3700.5);
            QVERIFY(std::isnan(r[0].rankComputeMs[1]));
            QCOMPARE(r[0].rankComputeMs[4], 3690.25);
        }
        {
            const auto [s, r] = read("nemo2.log");
            QCOMPARE(s.accepted, uint64_t(3));
            QCOMPARE(s.skipped, uint64_t(1));
            QCOMPARE(r.size(), size_t(3));
            QCOMPARE(*r[0].step, int64_t(0));
            QCOMPARE(*r[0].loss, 11.03);
            QCOMPARE(*r[0].stepTimeS, 61.94);
            QCOMPARE(r[1].timeMs, int64_t(1793588723000)); // 11:05:23 at +08:00
            QCOMPARE(*r[1].tokensPerSecond, 10730.0);
            QVERIFY(r[1].tokensPerGpu);
            QCOMPARE(*r[2].step, int64_t(2));
            QCOMPARE(*r[2].loss, 10.81); // the training loss, not val_loss
        }
        {
            const auto [s, r] = read("nemo1-progress.log");
            QCOMPARE(s.lines, uint64_t(2));
            QCOMPARE(s.accepted, uint64_t(1));
            QCOMPARE(r.size(), size_t(3)); // one line, three redraws of the bar
            QCOMPARE(*r[0].step, int64_t(4));
            QCOMPARE(*r[0].loss, 10.50);
            QCOMPARE(*r[0].stepTimeS, 12.30);
            QCOMPARE(*r[1].step, int64_t(5));
            QCOMPARE(*r[2].step, int64_t(2000)); // "2e+3"
            QCOMPARE(*r[2].loss, 10.3); // without reduced_train_loss, the bar's running loss
        }
        {
            const auto [s, r] = read("torchtitan.log");
            QCOMPARE(s.accepted, uint64_t(2));
            QCOMPARE(s.skipped, uint64_t(2)); // the start banner and a validation step
            QCOMPARE(r.size(), size_t(2));
            QCOMPARE(r[0].timeMs, int64_t(1793588420500));
            QCOMPARE(*r[0].step, int64_t(1));
            QCOMPARE(*r[0].loss, 12.2345); // colour escapes between label and number
            QCOMPARE(*r[0].tokensPerSecond, 6281.0);
            QVERIFY(r[0].tokensPerGpu);
            QCOMPARE(*r[1].step, int64_t(10));
            QCOMPARE(*r[1].loss, 9.502);
        }
    }

    // Hostile and damaged framework lines: counted, never crash, never a record from nothing.
    void trainingFrameworkLinesAreFuzzed()
    {
        static const char Hostile[] = "\x00\xff iteration \x01/\x02 | step: loss:";
        const QList<QByteArray> lines {
            " iteration 5/10 |", // nothing but the iteration: a step
            " iteration 99999999999999999999/10 | lm loss: 1.0 |",
            " iteration 5/10 | lm loss: -1 | elapsed time per iteration (ms): 1e400 |",
            "step: 3  loss: inf  tps: ,,,",
            "Epoch 0: [global_step=nan, reduced_train_loss=1]",
            "[9999-99-99 99:99:99] iteration 1/2 | lm loss: 2.0 |",
            QByteArray(4096, '|'),
            QByteArray::fromRawData(Hostile, sizeof(Hostile) - 1),
        };
        for (const QByteArray &line : lines) {
            TrainingLogParser parser;
            parser.feed(line + '\n');
            parser.finish();
            const ParseStats &s = parser.stats();
            QCOMPARE(s.lines, uint64_t(1));
            QCOMPARE(s.accepted + s.skipped + s.rejected, uint64_t(1));
            for (const TrainingRecord &r : parser.takeRecords()) {
                QVERIFY(!r.loss || (std::isfinite(*r.loss) && *r.loss >= 0));
                QVERIFY(!r.stepTimeS || std::isfinite(*r.stepTimeS));
                QVERIFY(!r.step || (*r.step >= 0 && *r.step <= int64_t(1e15)));
            }
            if (line.contains("99999999999999999999"))
                QVERIFY(s.firstErrors.join(u' ').contains(QStringLiteral("iteration")));
        }
    }

    // --- TensorBoard event files ---
    void crc32cIsCastagnoli()
    {
        QCOMPARE(tensorboard::crc32c("123456789"), 0xE3069283u); // the published check value
        QCOMPARE(tensorboard::crc32c(""), 0u);
    }

    // An event file as PyTorch's SummaryWriter and tf.summary write one: a version
    // record, then one scalar per event. Read whole, in pieces as it grows, and with
    // a damaged record in the middle.
    void tensorBoardRunDirectory()
    {
        namespace tb = vigil::tensorboard;
        auto scalar = [](double wallTime, int64_t step, const char *tag, float value) {
            tb::Event e;
            e.set_wall_time(wallTime);
            e.set_step(step);
            tb::SummaryValue *v = e.mutable_summary()->add_value();
            v->set_tag(tag);
            v->set_simple_value(value);
            return tb::frameRecord(QByteArray::fromStdString(e.SerializeAsString()));
        };
        auto tensor = [](double wallTime, int64_t step, const char *tag, int dtype, QByteArray content) {
            tb::Event e;
            e.set_wall_time(wallTime);
            e.set_step(step);
            tb::SummaryValue *v = e.mutable_summary()->add_value();
            v->set_tag(tag);
            v->mutable_tensor()->set_dtype(dtype);
            v->mutable_tensor()->set_tensor_content(content.toStdString());
            return tb::frameRecord(QByteArray::fromStdString(e.SerializeAsString()));
        };
        tb::Event version;
        version.set_wall_time(1793588400.0);
        version.set_file_version("brain.Event:2");
        // One event written byte by byte from the published wire format, not by our
        // own message type: wall_time (1, double), step (2, varint), summary (5) holding
        // a value (1) with tag (1) "loss" and simple_value (2, float) 2.5.
        QByteArray handmade;
        handmade += char(0x09);
        char wall[8];
        qToLittleEndian<double>(1793588460.0, wall);
        handmade += QByteArray(wall, 8);
        handmade += QByteArray("\x10\x2a", 2); // step 42
        const QByteArray valueBytes = QByteArray("\x0a\x04loss\x15", 7) + QByteArray("\x00\x00\x20\x40", 4);
        const QByteArray summaryBytes = QByteArray(1, 0x0a) + char(valueBytes.size()) + valueBytes;
        handmade += char(0x2a);
        handmade += char(summaryBytes.size());
        handmade += summaryBytes;

        char f32[4], f64[8];
        qToLittleEndian<float>(9.75f, f32);
        qToLittleEndian<double>(4.25, f64);
        QByteArray damaged = scalar(1793588470.0, 43, "lm loss", 2.4f);
        damaged[damaged.size() - 6] = char(damaged[damaged.size() - 6] ^ 0x40); // a bit flipped in the data
        const QByteArray file = tb::frameRecord(QByteArray::fromStdString(version.SerializeAsString()))
            + tb::frameRecord(handmade) + scalar(1793588480.0, 50, "lm loss", 2.3f) + damaged
            + tensor(1793588490.0, 60, "loss_metrics/global_avg_loss", 1, QByteArray(f32, 4))
            + tensor(1793588490.0, 60, "iteration-time", 2, QByteArray(f64, 8))
            + scalar(1793588490.0, 60, "throughput(tps)", 7002.0f) + scalar(1793588490.0, 60, "learning-rate", 1e-4f)
            + scalar(1793588490.0, 60, "val/loss", 3.0f) + scalar(1793588490.0, 60, "lm loss vs samples", 2.2f);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("events.out.tfevents.1793588400.node1.123.0"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        const qsizetype half = file.size() / 2 + 3; // mid-record: the rest comes later
        out.write(file.left(half));
        out.flush();
        TensorBoardRun run(dir.path());
        QStringList problems;
        std::vector<TrainingRecord> records = run.poll(problems);
        out.write(file.mid(half));
        out.close();
        for (TrainingRecord &r : run.poll(problems))
            records.push_back(std::move(r));

        QCOMPARE(run.stats().lines, uint64_t(9)); // records read whole; the damaged one is not among them
        QCOMPARE(run.stats().rejected, uint64_t(1)); // the damaged record, counted
        QCOMPARE(records.size(), size_t(5));
        QCOMPARE(records[0].timeMs, int64_t(1793588460000));
        QCOMPARE(*records[0].step, int64_t(42));
        QCOMPARE(*records[0].loss, 2.5);
        QCOMPARE(*records[1].step, int64_t(50));
        QCOMPARE(float(*records[1].loss), 2.3f);
        QCOMPARE(float(*records[2].loss), 9.75f); // a float tensor, as tf.summary v2 writes it
        QCOMPARE(*records[2].step, int64_t(60));
        QCOMPARE(*records[3].stepTimeS, 4.25); // a double tensor
        QCOMPARE(*records[4].tokensPerSecond, 7002.0);
        QVERIFY(records[4].tokensPerGpu);
        QCOMPARE(run.unknownTags().at(QStringLiteral("learning-rate")), 1);
        QCOMPARE(run.unknownTags().at(QStringLiteral("val/loss")), 1); // validation is not the training's loss
        QCOMPARE(run.unknownTags().at(QStringLiteral("lm loss vs samples")), 1); // its step is samples
        QCOMPARE(run.positions().at(QFileInfo(path).fileName()), qint64(file.size()));

        // A file that is not an event file: the framing is lost at once, said, and not read on.
        QFile junk(dir.filePath(QStringLiteral("events.out.tfevents.1793599999.node1.456.0")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write(QByteArray(4096, 'x'));
        junk.close();
        problems.clear();
        QVERIFY(run.poll(problems).empty());
        QVERIFY2(problems.join(u' ').contains(QStringLiteral("damaged length")), qPrintable(problems.join(u' ')));
    }

    // Hostile event records: never a crash, never a number from nothing.
    void tensorBoardRecordsAreFuzzed()
    {
        QRandomGenerator random(7);
        for (int round = 0; round < 2000; ++round) {
            QByteArray bytes(int(random.bounded(64)), Qt::Uninitialized);
            for (char &c : bytes)
                c = char(random.bounded(256));
            std::vector<TrainingRecord> out;
            std::map<QString, int> unknown;
            tensorboard::readEvent(bytes, out, unknown);
            for (const TrainingRecord &r : out) {
                QVERIFY(!r.loss || (std::isfinite(*r.loss) && *r.loss >= 0));
                QVERIFY(!r.step || *r.step >= 0);
            }
            tensorboard::RecordReader reader;
            reader.feed(tensorboard::frameRecord(bytes) + bytes, [](QByteArrayView) {});
            QCOMPARE(reader.records(), uint64_t(1));
        }
    }
};

QTEST_GUILESS_MAIN(TestBridges)
#include "tst_bridges.moc"
