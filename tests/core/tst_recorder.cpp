// SPDX-License-Identifier: GPL-3.0-or-later
// The flight recorder: what is written reads back as the state a live client
// held, at every frame and at any instant between; the recorder thread never
// blocks its callers; damaged and foreign files are refused with a clear reason
// and the readable part of a damaged one still opens.
#include "recording/bundle.h"
#include "recording/columncodec.h"
#include "recording/recorder.h"
#include "recording/recordingclock.h"
#include "recording/recordingreader.h"
#include "recording/recordingwriter.h"
#include "sim/generator.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace vigil;

namespace {

constexpr float NaN = std::numeric_limits<float>::quiet_NaN();

struct Reference
{
    int64_t timeMs;
    ClusterState state;
};

// Records `ticks` of a simulated cluster, committing every `commitEvery` ticks,
// and keeps the state a live client held after each tick.
struct RecordedRun
{
    std::vector<Reference> frames;
    std::vector<Event> events;
    uint64_t samples = 0;
};

RecordedRun recordSimulation(RecordingWriter &writer, int ticks, int64_t intervalMs, int commitEvery,
                             uint32_t gpus = 256)
{
    SimulatorOptions options;
    options.shape.gpus = gpus;
    options.scenario = Scenario::Decline;
    ClusterSimulator probe(options);
    auto topology = std::make_shared<const Topology>(probe.topology());
    writer.setLayout(topology, probe.metrics());
    RecordedRun run;
    ClusterState live;
    live.reset(topology, probe.metrics());
    int tick = 0;
    GenerationSinks sinks;
    sinks.samples = [&](std::vector<v1::Samples> &&batch) {
        for (const v1::Samples &s : batch) {
            writer.addSamples(s);
            run.samples += live.apply(s).samplesApplied;
        }
        if (!batch.empty())
            run.frames.push_back({ batch.front().time_ms(), live });
        if (++tick % commitEvery == 0)
            QCOMPARE(writer.commit(), QString());
    };
    sinks.events = [&](std::vector<Event> &&events) {
        writer.addEvents(events);
        run.events.insert(run.events.end(), events.begin(), events.end());
    };
    sinks.alarms
        = [&](int64_t timeMs, const AlarmBook &book, const std::vector<uint64_t> &changed,
              const std::vector<uint64_t> &forgotten) { writer.addAlarmChanges(timeMs, book, changed, forgotten); };
    generate(options, ticks * intervalMs, intervalMs, 10, sinks);
    [&] { QCOMPARE(writer.commit(), QString()); }();
    return run;
}

// Equal to within the recorded resolution, NaN where NaN, and heard from at the same time.
bool sameState(const ClusterState &expected, const ClusterState &actual, QString *why)
{
    if (expected.columns().size() != actual.columns().size()) {
        *why = QStringLiteral("column count %1 vs %2").arg(expected.columns().size()).arg(actual.columns().size());
        return false;
    }
    for (size_t c = 0; c < expected.columns().size(); ++c) {
        const MetricColumn &e = expected.columns()[c], &a = actual.columns()[c];
        const double tolerance = recording::resolutionFor(e.descriptor) * 0.5000001;
        for (size_t i = 0; i < e.values.size(); ++i) {
            const bool bothNan = std::isnan(e.values[i]) && std::isnan(a.values[i]);
            const double diff = std::fabs(double(e.values[i]) - double(a.values[i]));
            if (!bothNan && !(diff <= tolerance + 1e-6 * std::fabs(double(e.values[i])))) {
                *why = QStringLiteral("%1[%2]: %3 recorded as %4")
                           .arg(e.descriptor.name)
                           .arg(i)
                           .arg(e.values[i])
                           .arg(a.values[i]);
                return false;
            }
            if (e.lastReadingMs[i] != a.lastReadingMs[i]) {
                *why = QStringLiteral("%1[%2]: last heard %3, recorded %4")
                           .arg(e.descriptor.name)
                           .arg(i)
                           .arg(e.lastReadingMs[i])
                           .arg(a.lastReadingMs[i]);
                return false;
            }
        }
    }
    return true;
}

// A closed recording of a simulated run at `path`.
RecordedRun recordFile(const QString &path, int ticks, int64_t intervalMs, int commitEvery)
{
    RecordingWriter writer;
    [&] { QCOMPARE(writer.open(path), QString()); }();
    return recordSimulation(writer, ticks, intervalMs, commitEvery);
}

// Damages a recording on disk with one SQL statement, as a broken disk or a bad tool would.
bool damage(const QString &path, const QString &statement)
{
    bool done = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
        db.setDatabaseName(path);
        done = db.open() && QSqlQuery(db).exec(statement);
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("damage"));
    return done;
}

QString integrityCheck(const QString &path)
{
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("integrity"));
        db.setDatabaseName(path);
        if (!db.open())
            return db.lastError().text();
        QSqlQuery q(db);
        if (q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next())
            result = q.value(0).toString();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("integrity"));
    return result;
}

} // namespace

class TestRecorder : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;
    int files = 0;
    QString freshPath() { return dir.filePath(QStringLiteral("r%1.vigil").arg(++files)); }

private Q_SLOTS:
    void columnCodecRoundTrip_data()
    {
        QTest::addColumn<double>("resolution");
        QTest::addColumn<int>("framesPerChunk");
        QTest::newRow("temperature, one frame per chunk") << 0.1 << 1;
        QTest::newRow("temperature, long chunks") << 0.1 << 40;
        QTest::newRow("integers") << 1.0 << 7;
        QTest::newRow("fine resolution") << 1e-4 << 5;
    }
    void columnCodecRoundTrip()
    {
        QFETCH(double, resolution);
        QFETCH(int, framesPerChunk);
        constexpr size_t Entities = 97;
        QRandomGenerator random(7);
        std::vector<float> values(Entities, NaN);
        std::vector<int64_t> heard(Entities, 0);
        recording::ColumnEncoder encoder(resolution);
        recording::ColumnDecoder decoder(resolution, Entities);
        int64_t time = 1000;
        for (int chunk = 0; chunk < 12; ++chunk) {
            const bool key = chunk % 4 == 0;
            encoder.beginChunk(key);
            std::vector<int64_t> times;
            std::vector<std::vector<float>> expectedValues;
            std::vector<std::vector<int64_t>> expectedHeard;
            for (int f = 0; f < framesPerChunk; ++f) {
                time += 1000 + random.bounded(3);
                for (size_t e = 0; e < Entities; ++e) {
                    const int roll = random.bounded(100);
                    if (roll < 5) {
                        values[e] = NaN; // the sensor stopped answering
                    } else if (roll < 8) {
                        values[e] = e % 2 ? 3.0e30f : -2.5e29f; // too large for integer steps: stored raw
                        heard[e] = time;
                    } else if (roll < 60) {
                        values[e] = float(40.0 + random.generateDouble() * 50.0 - (e % 3 == 0 ? 100.0 : 0.0));
                        heard[e] = time;
                    } else if (roll < 70 && !std::isnan(values[e])) {
                        heard[e] = time; // the same value reported again
                    } // else: nothing arrived this frame
                }
                encoder.appendFrame(time, values, heard);
                times.push_back(time);
                expectedValues.push_back(values);
                expectedHeard.push_back(heard);
            }
            const std::string compressed = recording::compress(encoder.finishChunk());
            std::string tokens;
            QCOMPARE(recording::decompress(compressed, tokens, 1 << 24), QString());
            // Every prefix of the chunk decodes to the frame it ends at.
            for (int upTo = 1; upTo <= framesPerChunk; upTo += std::max(1, framesPerChunk / 3)) {
                recording::ColumnDecoder partial = decoder;
                QCOMPARE(partial.decodeChunk(tokens, key, times, size_t(upTo)), QString());
                for (size_t e = 0; e < Entities; ++e) {
                    const float want = expectedValues[size_t(upTo - 1)][e];
                    const float got = partial.values()[e];
                    if (std::isnan(want)) {
                        QVERIFY2(std::isnan(got), qPrintable(QStringLiteral("entity %1 should be missing").arg(e)));
                    } else if (std::fabs(want) > 1e20f) {
                        QCOMPARE(got, want); // raw floats are exact
                    } else {
                        QVERIFY2(std::fabs(double(got) - double(want)) <= resolution * 0.5 + 1e-5,
                                 qPrintable(QStringLiteral("entity %1: %2 vs %3").arg(e).arg(got).arg(want)));
                    }
                    QCOMPARE(partial.lastReadingMs()[e], expectedHeard[size_t(upTo - 1)][e]);
                }
            }
            QCOMPARE(decoder.decodeChunk(tokens, key, times, times.size()), QString());
        }
    }

    void truncatedTokensAreAnError()
    {
        recording::ColumnEncoder encoder(0.1);
        encoder.beginChunk(true);
        std::vector<float> values { 1.0f, 2.0f, NaN, 400000.0f };
        std::vector<int64_t> heard { 5, 5, 0, 5 };
        encoder.appendFrame(5, values, heard);
        const std::string tokens = encoder.finishChunk();
        const std::vector<int64_t> times { 5 };
        for (size_t cut = 0; cut < tokens.size(); ++cut) {
            recording::ColumnDecoder decoder(0.1, values.size());
            QVERIFY(!decoder.decodeChunk(std::string_view(tokens).substr(0, cut), true, times, 1).isEmpty());
        }
        std::string out;
        QVERIFY(!recording::decompress("not zstd at all", out, 1 << 20).isEmpty());
        std::vector<int64_t> decoded;
        QVERIFY(!recording::decodeTimes("\xff\xff", decoded, 10).isEmpty());
        // A block must hold a frame, in time order, within int64.
        QVERIFY(recording::decodeTimes({}, decoded, 10).contains(QStringLiteral("without frame times")));
        const std::vector<int64_t> backwards { 5000, 4000 };
        QVERIFY(recording::decodeTimes(recording::encodeTimes(backwards), decoded, 10)
                    .contains(QStringLiteral("backwards")));
        const std::vector<int64_t> extremes { std::numeric_limits<int64_t>::max() - 1 };
        std::string overflowing = recording::encodeTimes(extremes);
        overflowing += recording::encodeTimes(std::vector<int64_t> { 4 }); // a delta of +4 past the end of int64
        QVERIFY(recording::decodeTimes(overflowing, decoded, 10).contains(QStringLiteral("out of range")));
    }

    // A block whose frame-time blob is empty once crashed vigil-report and
    // vigil-gateway --replay: the reader now names it and reads on.
    void aBlockWithoutFrameTimesIsReportedNotFollowed()
    {
        const QString path = freshPath();
        const RecordedRun run = recordFile(path, 20, 60000, 5);
        QVERIFY(damage(path, QStringLiteral("UPDATE blocks SET times = x''")));
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        for (int64_t t : { reader.startMs() - 1, reader.startMs(), run.frames[2].timeMs, reader.endMs() }) {
            ClusterState state;
            const QString error = reader.stateAt(t, state);
            QVERIFY2(error.contains(QStringLiteral("without frame times")), qPrintable(error));
        }
        int visits = 0;
        const QString error = reader.scan(reader.startMs(), reader.endMs(), { reader.endMs() }, {},
                                          [&](const ClusterState &) { return ++visits, true; });
        QVERIFY2(error.contains(QStringLiteral("without frame times")), qPrintable(error));
        QCOMPARE(visits, 0);
        QVERIFY(reader.frameTimes(reader.startMs(), reader.endMs()).empty());
    }

    void recordedStateMatchesLiveAtEveryFrameAndBetween()
    {
        const QString path = freshPath();
        RecordingWriter writer;
        QCOMPARE(writer.open(path), QString());
        // Irregular commits: blocks of one, several and many frames, with key chunks among them.
        const RecordedRun run = recordSimulation(writer, 300, 60000, 7);
        QCOMPARE(writer.framesWritten(), uint64_t(run.frames.size()));
        QCOMPARE(writer.samplesWritten(), run.samples);
        writer.close();

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(reader.startMs(), run.frames.front().timeMs);
        QVERIFY(reader.endMs() >= run.frames.back().timeMs);
        ClusterState replayed;
        QString why;
        for (const Reference &frame : run.frames) {
            QCOMPARE(reader.stateAt(frame.timeMs, replayed), QString());
            QCOMPARE(replayed.timeMs(), frame.timeMs);
            QVERIFY2(sameState(frame.state, replayed, &why),
                     qPrintable(QStringLiteral("at %1: %2").arg(frame.timeMs).arg(why)));
        }
        // Between frames: the last frame at or before the instant.
        QRandomGenerator random(3);
        for (int i = 0; i < 50; ++i) {
            const size_t f = random.bounded(uint32_t(run.frames.size() - 1));
            const int64_t t = run.frames[f].timeMs + 1 + random.bounded(58998);
            QCOMPARE(reader.stateAt(t, replayed), QString());
            QVERIFY2(sameState(run.frames[f].state, replayed, &why), qPrintable(why));
        }
        // Before the start: the first frame; after the end: the last.
        QCOMPARE(reader.stateAt(run.frames.front().timeMs - 3600000, replayed), QString());
        QVERIFY(sameState(run.frames.front().state, replayed, &why));
        QCOMPARE(reader.stateAt(run.frames.back().timeMs + 3600000, replayed), QString());
        QVERIFY2(sameState(run.frames.back().state, replayed, &why), qPrintable(why));
        QCOMPARE(reader.frameTimes(run.frames[10].timeMs, run.frames[20].timeMs).size(), size_t(11));

        // Events come back whole and in order; the density strip counts them all.
        const std::vector<Event> events = reader.events(0, std::numeric_limits<int64_t>::max());
        QCOMPARE(events.size(), run.events.size());
        QVERIFY(!events.empty());
        QCOMPARE(events.front(), run.events.front());
        const std::vector<Event> lastThree = reader.events(0, std::numeric_limits<int64_t>::max(), 3);
        QCOMPARE(lastThree.size(), size_t(3));
        QCOMPARE(lastThree.back().timeMs, events.back().timeMs);
        const EventDensity density = reader.eventDensity(reader.startMs(), reader.endMs() + 1, 40);
        uint64_t counted = 0;
        for (size_t b = 0; b < 40; ++b)
            counted += density.info[b] + density.warning[b] + density.critical[b];
        QCOMPARE(counted, uint64_t(events.size()));
    }

    void scanGivesTheStateAtEachMark()
    {
        const QString path = freshPath();
        RecordingWriter writer;
        QCOMPARE(writer.open(path), QString());
        const RecordedRun run = recordSimulation(writer, 200, 60000, 3);
        writer.close();
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        // Marks between frames, on frames, before the range and after it.
        std::vector<int64_t> marks;
        const int64_t first = run.frames.front().timeMs;
        for (int64_t t = first - 90000; t < run.frames.back().timeMs + 200000; t += 137000)
            marks.push_back(t);
        marks.push_back(run.frames[150].timeMs);
        std::sort(marks.begin(), marks.end());
        const int64_t from = run.frames[40].timeMs + 1;
        const int64_t to = run.frames[180].timeMs;
        std::vector<std::pair<int64_t, ClusterState>> seen;
        size_t visits = 0;
        QCOMPARE(reader.scan(from, to, marks, {},
                             [&](const ClusterState &s) {
                                 seen.emplace_back(marks[std::min(visits, marks.size() - 1)], s);
                                 ++visits;
                                 return true;
                             }),
                 QString());
        const auto inRange = std::count_if(marks.begin(), marks.end(), [&](int64_t m) { return m >= from && m <= to; });
        QCOMPARE(qsizetype(seen.size()), qsizetype(inRange));
        ClusterState expected;
        QString why;
        size_t i = 0;
        for (int64_t m : marks) {
            if (m < from || m > to)
                continue;
            QCOMPARE(reader.stateAt(m, expected), QString());
            QCOMPARE(seen[i].second.timeMs(), expected.timeMs());
            QVERIFY2(sameState(expected, seen[i].second, &why), qPrintable(why));
            ++i;
        }
        // Only the metrics asked for are decoded.
        int visitsWithPower = 0;
        bool powerRead = false, temperatureRead = true;
        QCOMPARE(reader.scan(
                     first, to, { to }, [](const MetricDescriptor &m) { return m.name == metric::GpuPower; },
                     [&](const ClusterState &s) {
                         ++visitsWithPower;
                         powerRead = !std::isnan(s.value(s.column(metric::GpuPower), 0));
                         temperatureRead = !std::isnan(s.value(s.column(metric::GpuTemp), 0));
                         return true;
                     }),
                 QString());
        QCOMPARE(visitsWithPower, 1);
        QVERIFY(powerRead);
        QVERIFY(!temperatureRead);
    }

    void anIncidentBundleStandsAlone()
    {
        const QString path = freshPath();
        RecordedRun run;
        {
            RecordingWriter writer;
            QCOMPARE(writer.open(path), QString());
            run = recordSimulation(writer, 300, 60000, 4);
            writer.addBookmark(run.frames[150].timeMs, QStringLiteral("inside"), QStringLiteral("kim"));
            writer.addBookmark(run.frames[10].timeMs, QStringLiteral("outside"), QStringLiteral("kim"));
            writer.addGap(run.frames[140].timeMs, run.frames[141].timeMs, QStringLiteral("not retained"));
            // Segments: one begun before the window (in force when it opens), one inside, one after.
            writer.addSegment(run.frames[50].timeMs, 4500, QStringLiteral("before"));
            writer.addSegment(run.frames[170].timeMs, 9000, QStringLiteral("inside"));
            writer.addSegment(run.frames[250].timeMs, 12000, QStringLiteral("after"));
            // An alarm standing before the window opens, one raised and forgotten inside it.
            Alarm standing;
            standing.id = 9001;
            standing.entity = { EntityKind::Gpu, 3 };
            standing.sourceType = EventType::RowRemap;
            standing.active = true;
            standing.acknowledged = false;
            Alarm inside = standing;
            inside.id = 9002;
            writer.addAlarms(run.frames[100].timeMs, { standing }, {});
            writer.addAlarms(run.frames[130].timeMs, { inside }, {});
            writer.addAlarms(run.frames[160].timeMs, {}, { inside.id });
            QCOMPARE(writer.commit(), QString());
        }
        const int64_t from = run.frames[120].timeMs + 30000; // between frames: opens on frame 120
        const int64_t to = run.frames[200].timeMs;
        const QString bundle = dir.filePath(QStringLiteral("incident.vigil"));
        BundleSummary summary;
        QCOMPARE(exportBundle(path, bundle, from, to, {}, &summary), QString());
        QCOMPARE(summary.frames, uint64_t(81));
        QVERIFY(!QFile::exists(bundle + QStringLiteral("-wal")));

        RecordingReader source, copy;
        QCOMPARE(source.open(path), QString());
        QCOMPARE(copy.open(bundle), QString());
        QCOMPARE(copy.startMs(), run.frames[120].timeMs);
        QCOMPARE(copy.endMs(), to);
        ClusterState expected, actual;
        QString why;
        for (int64_t t : { from, run.frames[150].timeMs + 1, to }) {
            QCOMPARE(source.stateAt(t, expected), QString());
            QCOMPARE(copy.stateAt(t, actual), QString());
            QVERIFY2(sameState(expected, actual, &why),
                     qPrintable(QStringLiteral("at %1: %2").arg((t - from) / 60000).arg(why)));
        }
        QCOMPARE(copy.events(0, std::numeric_limits<int64_t>::max()).size(), source.events(from, to + 1).size());
        // The alarms stand in the bundle as they stood in the recording, at every instant of the window.
        for (int f = 120; f <= 200; f += 10) {
            const int64_t t = std::max(from, run.frames[size_t(f)].timeMs);
            QCOMPARE(copy.alarmsAt(t), source.alarmsAt(t));
        }
        QCOMPARE(copy.alarmsAt(run.frames[150].timeMs).size(), source.alarmsAt(run.frames[150].timeMs).size());
        QVERIFY(copy.alarmsAt(run.frames[150].timeMs).size() >= 2);
        QCOMPARE(copy.alarmsAt(to).size() + 1, copy.alarmsAt(run.frames[150].timeMs).size());
        QCOMPARE(copy.bookmarks().size(), size_t(1));
        QCOMPARE(copy.bookmarks()[0].note, QStringLiteral("inside"));
        QCOMPARE(copy.gaps().size(), size_t(1));
        const std::vector<RecordedSegment> segments = copy.segments();
        QCOMPARE(segments.size(), size_t(2));
        QCOMPARE(segments[0].startMs, from);
        QCOMPARE(segments[0].clockOffsetMs, int64_t(4500));
        QCOMPARE(segments[1].startMs, run.frames[170].timeMs);
        QCOMPARE(segments[1].reason, QStringLiteral("inside"));

        // What makes no sense is refused; a cancelled export leaves nothing behind.
        QVERIFY(!exportBundle(path, bundle, to, from).isEmpty());
        QVERIFY(exportBundle(path, path, from, to).contains(QStringLiteral("cannot be written over")));
        QVERIFY(exportBundle(path, bundle, 0, 1000).contains(QStringLiteral("holds nothing")));
        const QString cancelled = dir.filePath(QStringLiteral("cancelled.vigil"));
        QCOMPARE(exportBundle(path, cancelled, run.frames.front().timeMs, run.frames.back().timeMs,
                              [](double) { return false; }),
                 QStringLiteral("cancelled"));
        QVERIFY(!QFile::exists(cancelled));
    }

    void retentionKeepsExtremesAndIncidents()
    {
        const QString path = freshPath();
        RecordingWriter writer;
        QCOMPARE(writer.open(path), QString());
        // 30 hours, a frame every 10 s; a critical event 3 hours in.
        const RecordedRun run = recordSimulation(writer, 30 * 360, 10000, 16, 64);
        const int64_t start = run.frames.front().timeMs, end = run.frames.back().timeMs;
        Event incident;
        incident.timeMs = start + 3 * 3600000;
        incident.type = EventType::JobCrash;
        incident.severity = Severity::Critical;
        incident.entity = { EntityKind::Job, 0 };
        writer.addEvents({ incident });
        QCOMPARE(writer.commit(), QString());

        RecordingRetention policy; // 24 h whole, minute windows, 1 h before and 30 min after an incident kept
        RetentionReport report;
        uint64_t before = 0, after = 0;
        int passes = 0;
        do {
            QCOMPARE(writer.applyRetention(policy, end, &report), QString());
            before += report.framesBefore;
            after += report.framesAfter;
        } while (!report.finished && ++passes < 100);
        QVERIFY(report.finished);
        QVERIFY2(before > 1500 && after * 2 < before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        QCOMPARE(writer.applyRetention(policy, end, &report), QString()); // nothing left to do
        QCOMPARE(report.blocksRewritten, uint64_t(0));
        writer.close();
        QCOMPARE(integrityCheck(path), QStringLiteral("ok"));

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        ClusterState replayed;
        QString why;
        auto referenceAt = [&](int64_t t) -> const ClusterState & {
            auto it = std::upper_bound(run.frames.begin(), run.frames.end(), t,
                                       [](int64_t v, const Reference &r) { return v < r.timeMs; });
            return (it - 1)->state;
        };
        // The last 24 hours and the incident's window: every frame as it was.
        for (int64_t t : std::initializer_list<int64_t> { end - 24 * 3600000LL + 60000, end - 3600000LL, end,
                                                          incident.timeMs - 1800000, incident.timeMs + 600000 }) {
            QCOMPARE(reader.stateAt(t, replayed), QString());
            QVERIFY2(sameState(referenceAt(t), replayed, &why),
                     qPrintable(QStringLiteral("at %1: %2").arg(t).arg(why)));
        }
        // Older: each minute keeps every entity's lowest and highest reading.
        const MetricDescriptor power = run.frames.front().state.column(metric::GpuPower)->descriptor;
        const double tolerance = recording::resolutionFor(power) * 0.51;
        int windowsChecked = 0;
        for (int64_t windowStart = start - start % 60000 + 5 * 3600000; windowStart < start + 5 * 3600000 + 3600000;
             windowStart += 600000) {
            std::vector<float> low(64, NaN), high(64, NaN);
            int64_t first = 0, last = 0;
            for (const Reference &f : run.frames) {
                if (f.timeMs < windowStart || f.timeMs >= windowStart + 60000)
                    continue;
                first = first ? first : f.timeMs;
                last = f.timeMs;
                const MetricColumn *c = f.state.column(metric::GpuPower);
                for (size_t g = 0; g < 64; ++g) {
                    low[g] = std::isnan(low[g]) ? c->values[g] : std::min(low[g], c->values[g]);
                    high[g] = std::isnan(high[g]) ? c->values[g] : std::max(high[g], c->values[g]);
                }
            }
            QCOMPARE(reader.stateAt(first, replayed), QString());
            for (size_t g = 0; g < 64; ++g)
                QVERIFY2(std::fabs(replayed.value(replayed.column(metric::GpuPower), g) - low[g]) <= tolerance,
                         qPrintable(QStringLiteral("low of GPU %1 at %2").arg(g).arg(first)));
            QCOMPARE(reader.stateAt(last, replayed), QString());
            for (size_t g = 0; g < 64; ++g)
                QVERIFY2(std::fabs(replayed.value(replayed.column(metric::GpuPower), g) - high[g]) <= tolerance,
                         qPrintable(QStringLiteral("high of GPU %1 at %2").arg(g).arg(last)));
            ++windowsChecked;
        }
        QCOMPARE(windowsChecked, 6);
        // The timeline can tell the downsampled stretch from the whole one.
        const std::vector<RecordedSpan> spans = reader.coverage(120000);
        QVERIFY(std::any_of(spans.begin(), spans.end(), [](const RecordedSpan &s) { return s.downsampled; }));
        QVERIFY(std::any_of(spans.begin(), spans.end(), [](const RecordedSpan &s) { return !s.downsampled; }));
    }

    void duplicateEventsAreKeptOnce()
    {
        const QString path = freshPath();
        RecordingWriter writer;
        QCOMPARE(writer.open(path), QString());
        Event e;
        e.id = 42;
        e.timeMs = 1000;
        e.type = EventType::Xid;
        e.code = 79;
        e.entity = { EntityKind::Gpu, 3 };
        writer.addEvents({ e, e });
        QCOMPARE(writer.commit(), QString());
        writer.addEvents({ e }); // a reconnect's snapshot delivers it again
        QCOMPARE(writer.commit(), QString());
        writer.close();
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(reader.events(0, 2000).size(), size_t(1));
        QCOMPARE(reader.startMs(), int64_t(1000)); // events alone give the recording its range
    }

    void gapsBookmarksAndSessions()
    {
        const QString path = freshPath();
        {
            RecordingWriter writer;
            QCOMPARE(writer.open(path), QString());
            recordSimulation(writer, 10, 60000, 3);
            writer.addGap(100, 200, QStringLiteral("not retained"));
            writer.addBookmark(150, QStringLiteral("PDU B tripped here"), QStringLiteral("kim"));
            QCOMPARE(writer.commit(), QString());
        }
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        const int64_t firstEnd = reader.endMs();
        reader.close();
        {
            // A second session, later, appended to the same file: the time between is a gap.
            RecordingWriter writer;
            QCOMPARE(writer.open(path), QString());
            SimulatorOptions options;
            options.shape.gpus = 256;
            ClusterSimulator sim(options);
            writer.setLayout(std::make_shared<const Topology>(sim.topology()), sim.metrics());
            v1::Samples s;
            s.set_time_ms(firstEnd + 7200000);
            writer.addSamples(s);
            QCOMPARE(writer.commit(), QString());
        }
        QCOMPARE(reader.open(path), QString());
        const std::vector<RecordedGap> gaps = reader.gaps();
        QCOMPARE(gaps.size(), size_t(2));
        QCOMPARE(gaps[0].reason, QStringLiteral("not retained"));
        QCOMPARE(gaps[1].fromMs, firstEnd);
        QCOMPARE(gaps[1].toMs, firstEnd + 7200000);
        const std::vector<Bookmark> bookmarks = reader.bookmarks();
        QCOMPARE(bookmarks.size(), size_t(1));
        QCOMPARE(bookmarks[0].note, QStringLiteral("PDU B tripped here"));
        QCOMPARE(bookmarks[0].author, QStringLiteral("kim"));
        const std::vector<RecordedSpan> spans = reader.coverage(120000);
        QCOMPARE(spans.size(), size_t(2));
    }

    // Bookmarks shared through the gateway arrive as notes about an instant, recorded with the
    // stream: the timeline lists them with the recording's own, and the one this operator made
    // (a bookmark row and its shared note) once. A note about no instant is no bookmark.
    void sharedNotesAreBookmarks()
    {
        const QString path = freshPath();
        {
            RecordingWriter writer;
            QCOMPARE(writer.open(path), QString());
            recordSimulation(writer, 10, 60000, 3);
            writer.addBookmark(150000, QStringLiteral("PDU B tripped here"), QStringLiteral("kim"));
            auto note = [](int64_t timeMs, int64_t aboutMs, const char *text, const char *who) {
                Event e;
                e.timeMs = timeMs;
                e.type = EventType::Note;
                e.severity = Severity::Info;
                e.entity = { EntityKind::Cluster, 0 };
                e.message = QString::fromUtf8(text);
                e.operatorName = QString::fromUtf8(who);
                e.aboutMs = aboutMs;
                return e;
            };
            writer.addEvents({ note(400000, 150000, "PDU B tripped here", "kim"), // kim's own, shared
                               note(410000, 90000, "fans surge first", "a.nakamura"),
                               note(420000, 0, "handed over to the day shift", "a.nakamura") });
            QCOMPARE(writer.commit(), QString());
        }
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        const std::vector<Bookmark> bookmarks = reader.bookmarks();
        QCOMPARE(bookmarks.size(), size_t(2));
        QCOMPARE(bookmarks[0].timeMs, int64_t(90000));
        QCOMPARE(bookmarks[0].note, QStringLiteral("fans surge first"));
        QCOMPARE(bookmarks[0].author, QStringLiteral("a.nakamura"));
        QVERIFY(bookmarks[0].shared);
        QCOMPARE(bookmarks[0].id, int64_t(0));
        QCOMPARE(bookmarks[1].timeMs, int64_t(150000));
        QCOMPARE(bookmarks[1].author, QStringLiteral("kim"));
        QVERIFY(bookmarks[1].shared);
        QVERIFY(bookmarks[1].id > 0);
        // The notes stay events too (the audit trail), each once.
        const std::vector<Event> events = reader.events(0, std::numeric_limits<int64_t>::max());
        QCOMPARE(std::count_if(events.begin(), events.end(), [](const Event &e) { return e.type == EventType::Note; }),
                 3);
    }

    void aNewLayoutMidRecording()
    {
        const QString path = freshPath();
        RecordingWriter writer;
        QCOMPARE(writer.open(path), QString());
        const RecordedRun small = recordSimulation(writer, 5, 60000, 2, 64);
        // The cluster grows; frames after it refer to the new topology.
        SimulatorOptions options;
        options.shape.gpus = 512;
        options.startTimeMs = small.frames.back().timeMs + 60000;
        ClusterSimulator big(options);
        auto topology = std::make_shared<const Topology>(big.topology());
        QCOMPARE(writer.setLayout(topology, big.metrics()), QString());
        v1::Samples s;
        s.set_time_ms(options.startTimeMs);
        auto *block = s.add_blocks();
        block->set_metric_id(0);
        block->add_values(71.5f);
        writer.addSamples(s);
        QCOMPARE(writer.commit(), QString());
        writer.close();

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        ClusterState state;
        QCOMPARE(reader.stateAt(small.frames.back().timeMs, state), QString());
        QCOMPARE(state.topology()->gpus.size(), small.frames.back().state.topology()->gpus.size());
        QCOMPARE(reader.stateAt(options.startTimeMs, state), QString());
        QCOMPARE(state.topology()->gpus.size(), topology->gpus.size());
        QCOMPARE(state.value(state.columnById(0), 0), 71.5f);
        QVERIFY(std::isnan(state.value(state.columnById(0), 1)));
    }

    void alarmsAsTheyStood()
    {
        const QString path = freshPath();
        RecordingWriter writer;
        QCOMPARE(writer.open(path), QString());
        const auto topology = std::make_shared<const Topology>(buildTopology(ClusterShape { 64 }, 1));
        QCOMPARE(writer.setLayout(topology, standardMetrics()), QString());
        auto alarm = [](uint64_t id, bool acknowledged) {
            Alarm a;
            a.id = id;
            a.entity = { EntityKind::Gpu, uint32_t(id) };
            a.sourceType = EventType::Xid;
            a.code = 79;
            a.active = true;
            a.acknowledged = acknowledged;
            a.acknowledgedBy = acknowledged ? QStringLiteral("a.nakamura") : QString();
            a.priority = AlarmPriority::Critical;
            a.message = QStringLiteral("GPU has fallen off the bus");
            return a;
        };
        // Raised at 1000; a second at 2000 while the first is acknowledged; the first forgotten at 3000.
        writer.addAlarms(1000, { alarm(1, false) }, {});
        writer.addAlarms(2000, { alarm(1, true), alarm(2, false) }, {});
        QCOMPARE(writer.commit(), QString());
        writer.addAlarms(3000, {}, { 1 });
        QCOMPARE(writer.commit(), QString());
        writer.close();

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QVERIFY(reader.alarmsAt(999).empty());
        QCOMPARE(reader.alarmsAt(1000), std::vector<Alarm> { alarm(1, false) });
        QCOMPARE(reader.alarmsAt(2500), (std::vector<Alarm> { alarm(1, true), alarm(2, false) }));
        QCOMPARE(reader.alarmsAt(3000), std::vector<Alarm> { alarm(2, false) });
        const std::vector<RecordingReader::AlarmChange> changes = reader.alarmChanges(1000, 3000);
        QCOMPARE(changes.size(), size_t(3));
        QCOMPARE(changes[2].alarmId, uint64_t(1));
        QVERIFY(!changes[2].alarm); // removed
        reader.close();

        // A damaged row is skipped and counted, the rest still read.
        QVERIFY(damage(path, QStringLiteral("UPDATE alarm_updates SET alarm = x'ffff01' WHERE alarm_id = 2")));
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(reader.alarmsAt(2500), std::vector<Alarm> { alarm(1, true) });
        QCOMPARE(reader.damagedAlarmRows(), uint64_t(1));
        reader.close();
        // A recording from before alarms were recorded holds none, and is otherwise read as ever.
        QVERIFY(damage(path, QStringLiteral("DROP TABLE alarm_updates")));
        QCOMPARE(reader.open(path), QString());
        QVERIFY(reader.alarmsAt(5000).empty());
        QVERIFY(reader.alarmChanges(0, 5000).empty());
    }

    void recorderThreadWritesWhatItIsGiven()
    {
        const QString path = freshPath();
        Recorder recorder({ path });
        QCOMPARE(recorder.start(), QString());
        QCOMPARE(recorder.status().state, RecorderStatus::State::Recording);
        SimulatorOptions options;
        options.shape.gpus = 128;
        ClusterSimulator sim(options);
        recorder.setLayout(std::make_shared<const Topology>(sim.topology()), sim.metrics());
        GenerationSinks sinks;
        uint64_t frames = 0;
        sinks.samples = [&](std::vector<v1::Samples> &&batch) {
            for (v1::Samples &s : batch)
                recorder.addSamples(std::move(s));
            ++frames;
        };
        sinks.events = [&](std::vector<Event> &&events) { recorder.addEvents(std::move(events)); };
        generate(options, 200 * 1000, 1000, 10, sinks);
        recorder.flush();
        const RecorderStatus status = recorder.status();
        QCOMPARE(status.frames, frames);
        QVERIFY(status.samples > frames * 128);
        QVERIFY(status.bytes > 0);
        QCOMPARE(status.framesDropped, uint64_t(0));
        recorder.stop();
        QCOMPARE(recorder.status().state, RecorderStatus::State::Stopped);

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(reader.frameTimes(0, std::numeric_limits<int64_t>::max()).size(), size_t(frames));
    }

    // The recorder's store, opened by location: what its totals say is what the file holds,
    // and a location it cannot write is refused with the location named.
    // The recording's clock: a source clock that goes back starts a segment whose first
    // frame follows the last by the time that really passed; offsets only grow; the
    // arithmetic saturates at the ends of int64.
    void aClockThatGoesBackStartsASegment()
    {
        RecordingClock clock;
        std::optional<RecordingClock::Segment> segment;
        QCOMPARE(clock.frame(1000, 50, &segment), int64_t(1000));
        QCOMPARE(clock.frame(2000, 1050, &segment), int64_t(2000));
        QCOMPARE(clock.frame(2000, 1060, &segment), int64_t(2000)); // another block of the same frame
        QVERIFY(!segment);
        // The source restarts 3 s later (real time), its clock at 500.
        QCOMPARE(clock.frame(500, 4050, &segment), int64_t(5000));
        QVERIFY(segment);
        QCOMPARE(segment->lastMs, int64_t(2000));
        QCOMPARE(segment->startMs, int64_t(5000));
        QCOMPARE(segment->sourceBackMs, int64_t(1500));
        QCOMPARE(segment->offsetMs, int64_t(4500));
        segment.reset();
        QCOMPARE(clock.frame(1500, 5050, &segment), int64_t(6000));
        QCOMPARE(clock.toRecorded(1200), int64_t(5700)); // an event of the new segment
        QVERIFY(!segment);
        // Going back again arriving at once: a millisecond on, never the same instant.
        QCOMPARE(clock.frame(0, 5050, &segment), int64_t(6001));
        QCOMPARE(clock.offsetMs(), int64_t(6001));
        // A forward jump is a gap of the source's own and keeps the offset.
        segment.reset();
        QCOMPARE(clock.frame(100000, 5100, &segment), int64_t(106001));
        QVERIFY(!segment);

        // At the ends of int64: saturates, never wraps into the past.
        RecordingClock edge;
        constexpr int64_t max = std::numeric_limits<int64_t>::max();
        constexpr int64_t min = std::numeric_limits<int64_t>::min();
        QCOMPARE(edge.frame(max, min, &segment), max);
        segment.reset();
        QCOMPARE(edge.frame(min, max, &segment), max);
        QVERIFY(segment);
        QVERIFY(edge.toRecorded(max) == max);
        QVERIFY(edge.frame(0, 0) >= 0);
    }

    void aStoreSaysWhatItHolds()
    {
        QString error;
        QVERIFY(!openRecordingStore(QStringLiteral("/nonexistent-dir/run.vigil"), {}, &error));
        QVERIFY2(error.startsWith(QStringLiteral("run.vigil: "))
                     && error.contains(QStringLiteral("folder /nonexistent-dir does not exist")),
                 qPrintable(error));

        const QString path = freshPath();
        std::unique_ptr<RecordingStore> store = openRecordingStore(path, {}, &error);
        QVERIFY2(store, qPrintable(error));
        auto *writer = dynamic_cast<RecordingWriter *>(store.get());
        QVERIFY(writer);
        const RecordedRun run = recordSimulation(*writer, 90, 1000, 7);
        QCOMPARE(store->commit(), QString());
        const RecordingTotals totals = store->totals();
        store->close();
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(totals.frames, uint64_t(reader.frameTimes(0, std::numeric_limits<int64_t>::max()).size()));
        QCOMPARE(totals.frames, uint64_t(run.frames.size()));
        QCOMPARE(totals.samples, run.samples);
        QCOMPARE(totals.events, uint64_t(reader.events(0, std::numeric_limits<int64_t>::max()).size()));
        QCOMPARE(totals.firstMs, run.frames.front().timeMs);
        QCOMPARE(totals.lastMs, run.frames.back().timeMs);
        QCOMPARE(totals.framesLost, uint64_t(0));
    }

    void readableWhileBeingWritten()
    {
        const QString path = freshPath();
        Recorder recorder({ path });
        QCOMPARE(recorder.start(), QString());
        SimulatorOptions options;
        options.shape.gpus = 64;
        ClusterSimulator sim(options);
        recorder.setLayout(std::make_shared<const Topology>(sim.topology()), sim.metrics());
        v1::Samples s;
        s.set_time_ms(5000);
        s.add_blocks()->add_values(50.0f);
        recorder.addSamples(s);
        recorder.flush();
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(reader.endMs(), int64_t(5000));
        s.set_time_ms(6000);
        recorder.addSamples(s);
        recorder.flush();
        QCOMPARE(reader.refresh(), QString());
        QCOMPARE(reader.endMs(), int64_t(6000));
    }

    void foreignAndDamagedFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("not a Vigil recording");
        QTest::newRow("text") << QByteArray("timestamp,value\n1,2\n") << QStringLiteral("not a readable SQLite");
        QTest::newRow("random bytes") << QByteArray(8192, '\x5a') << QStringLiteral("not a readable SQLite");
    }
    void foreignAndDamagedFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = freshPath();
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        RecordingReader reader;
        const QString error = reader.open(path);
        QVERIFY2(error.contains(QFileInfo(path).fileName()), qPrintable(error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void otherDatabasesAndVersionsAreRefused()
    {
        RecordingReader reader;
        QVERIFY(reader.open(dir.filePath(QStringLiteral("missing.vigil"))).contains(QStringLiteral("no such file")));
        const QString other = freshPath();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("other"));
            db.setDatabaseName(other);
            QVERIFY(db.open());
            QSqlQuery(db).exec(QStringLiteral("CREATE TABLE inventory (id INTEGER)"));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("other"));
        QVERIFY(reader.open(other).contains(QStringLiteral("not a Vigil recording")));

        const QString future = freshPath();
        {
            RecordingWriter writer;
            QCOMPARE(writer.open(future), QString());
        }
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("future"));
            db.setDatabaseName(future);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("UPDATE meta SET value = '99' WHERE key = 'version'")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("future"));
        const QString error = reader.open(future);
        QVERIFY2(error.contains(QStringLiteral("version 99")), qPrintable(error));
        RecordingWriter writer;
        QVERIFY(writer.open(future).contains(QStringLiteral("version 99"))); // and never written over
    }

    void aDamagedChunkSpoilsOnlyItsMetric()
    {
        const QString path = freshPath();
        const RecordedRun run = recordFile(path, 20, 60000, 5);
        QVERIFY(damage(
            path, QStringLiteral("UPDATE chunks SET data = randomblob(200) WHERE metric_id = 2 AND block_id = 1")));
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        ClusterState state;
        const QString error = reader.stateAt(run.frames[2].timeMs, state);
        QVERIFY2(error.contains(QStringLiteral("metric 2")), qPrintable(error));
        QVERIFY2(error.contains(QFileInfo(path).fileName()), qPrintable(error));
        // The other metrics are all there.
        ClusterState expected = run.frames[2].state;
        const size_t damaged = size_t(state.columnById(2) - state.columns().data());
        expected.restoreColumn(damaged, state.columns()[damaged].values, state.columns()[damaged].lastReadingMs);
        QString why;
        QVERIFY2(sameState(expected, state, &why), qPrintable(why));
    }

    void aTruncatedFileKeepsItsReadablePart()
    {
        const QString path = freshPath();
        const RecordedRun run = recordFile(path, 200, 60000, 10);
        QFile file(path);
        const qint64 size = file.size();
        for (double keep : { 0.9, 0.6, 0.3, 0.05 }) {
            const QString cut = freshPath();
            QVERIFY(QFile::copy(path, cut));
            QVERIFY(QFile::resize(cut, qint64(double(size) * keep)));
            RecordingReader reader;
            const QString error = reader.open(cut);
            if (!error.isEmpty()) {
                QVERIFY2(error.contains(QFileInfo(cut).fileName()), qPrintable(error));
                continue;
            }
            // Whatever it answers, it answers without crashing, and a failure names the file.
            ClusterState state;
            for (const Reference &frame :
                 { run.frames.front(), run.frames[run.frames.size() / 2], run.frames.back() }) {
                const QString e = reader.stateAt(frame.timeMs, state);
                QVERIFY2(e.isEmpty() || e.contains(QFileInfo(cut).fileName()), qPrintable(e));
            }
            reader.events(0, std::numeric_limits<int64_t>::max());
            reader.gaps();
        }
    }

    void aFullDiskPausesRecording()
    {
        const QString path = freshPath();
        RecorderOptions options { path };
        options.maxFileBytes = 256 * 1024; // a disk that fills up after a few frames
        options.retryAfterFailureMs = 50;
        Recorder recorder(options);
        QCOMPARE(recorder.start(), QString());
        SimulatorOptions sim;
        sim.shape.gpus = 2048;
        ClusterSimulator probe(sim);
        recorder.setLayout(std::make_shared<const Topology>(probe.topology()), probe.metrics());
        GenerationSinks sinks;
        sinks.samples = [&](std::vector<v1::Samples> &&batch) {
            for (v1::Samples &s : batch)
                recorder.addSamples(std::move(s));
        };
        generate(sim, 60 * 1000, 1000, 10, sinks);
        recorder.flush();
        const RecorderStatus status = recorder.status();
        QCOMPARE(status.state, RecorderStatus::State::Paused);
        QVERIFY2(status.message.contains(QStringLiteral("full")), qPrintable(status.message));
        QVERIFY(status.framesDropped > 0);
        recorder.stop();
        // What was written before the disk filled is intact.
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(integrityCheck(path), QStringLiteral("ok"));
        ClusterState state;
        if (!reader.isEmpty())
            QCOMPARE(reader.stateAt(reader.startMs(), state), QString());
    }
};

QTEST_GUILESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
