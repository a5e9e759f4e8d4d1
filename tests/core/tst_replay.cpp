// SPDX-License-Identifier: GPL-3.0-or-later
// Replay: the clock moves at every offered speed and stops at the end; the
// replay feed shows the recorded cluster at the instant asked for, hands over
// exactly the events in between while playing, and the history before a jump.
#include "recording/recordingreader.h"
#include "recording/recordingwriter.h"
#include "recording/replayclock.h"
#include "recording/replayfeed.h"
#include "sim/generator.h"

#include <QTemporaryDir>
#include <QTest>

#include <map>

#include <cmath>
#include <limits>

using namespace vigil;

class TestReplay : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;
    QString recording;
    std::vector<int64_t> frameTimes;
    std::vector<Event> events;
    std::map<int64_t, std::vector<Alarm>> alarmsAt; // the gateway's book at some instants

private Q_SLOTS:
    void initTestCase()
    {
        recording = dir.filePath(QStringLiteral("decline.vigil"));
        RecordingWriter writer;
        QCOMPARE(writer.open(recording), QString());
        SimulatorOptions options;
        options.shape.gpus = 256;
        options.scenario = Scenario::Decline;
        ClusterSimulator probe(options);
        writer.setLayout(std::make_shared<const Topology>(probe.topology()), probe.metrics());
        GenerationSinks sinks;
        sinks.samples = [&](std::vector<v1::Samples> &&batch) {
            for (const v1::Samples &s : batch)
                writer.addSamples(s);
            frameTimes.push_back(batch.front().time_ms());
            if (frameTimes.size() % 5 == 0)
                writer.commit();
        };
        sinks.events = [&](std::vector<Event> &&batch) {
            writer.addEvents(batch);
            events.insert(events.end(), batch.begin(), batch.end());
        };
        // The alarms as a live gateway sent them; what a dashboard mirrored, every ten hours, to
        // compare the replay with.
        std::map<uint64_t, Alarm> mirror;
        sinks.alarms = [&](int64_t timeMs, const AlarmBook &book, const std::vector<uint64_t> &changed,
                           const std::vector<uint64_t> &forgotten) {
            writer.addAlarmChanges(timeMs, book, changed, forgotten);
            for (uint64_t id : changed)
                mirror[id] = *book.find(id);
            for (uint64_t id : forgotten)
                mirror.erase(id);
            if (alarmsAt.empty() || timeMs - alarmsAt.rbegin()->first >= 10 * 3600000LL) {
                std::vector<Alarm> &snapshot = alarmsAt[timeMs];
                for (const auto &[id, a] : mirror)
                    snapshot.push_back(a);
            }
        };
        // Long enough for the decline story's first failures.
        generate(options, 100 * 3600000LL, 300000, 10, sinks);
        QCOMPARE(writer.commit(), QString());
        QVERIFY(events.size() > 20);
    }

    void clockMovesAtEverySpeed_data()
    {
        QTest::addColumn<double>("speed");
        for (double s : ReplayClock::speeds())
            QTest::newRow(qPrintable(QStringLiteral("%1x").arg(s))) << s;
    }
    void clockMovesAtEverySpeed()
    {
        QFETCH(double, speed);
        ReplayClock clock;
        clock.setRange(1000000, 1000000 + 86400000);
        clock.setPosition(1000000);
        QVERIFY(clock.setSpeed(speed));
        clock.play();
        for (int tick = 0; tick < 40; ++tick)
            clock.advance(100.0);
        QCOMPARE(clock.position(), 1000000 + int64_t(4000.0 * speed));
        QVERIFY(clock.isPlaying());
    }

    void clockStopsAtTheEndAndRefusesNonsense()
    {
        ReplayClock clock;
        clock.setRange(0, 10000);
        clock.setSpeed(3600);
        clock.play();
        QVERIFY(clock.advance(1000));
        QCOMPARE(clock.position(), int64_t(10000));
        QVERIFY(!clock.isPlaying());
        QVERIFY(!clock.advance(1000));
        clock.play(); // at the end: starts over
        QCOMPARE(clock.position(), int64_t(0));
        for (double bad : { 0.0, -1.0, 0.1, 3601.0, std::nan("") })
            QVERIFY(!clock.setSpeed(bad));
        QCOMPARE(clock.speed(), 3600.0);
        clock.faster();
        QCOMPARE(clock.speed(), 3600.0);
        clock.setSpeed(0.25);
        clock.slower();
        QCOMPARE(clock.speed(), 0.25);
        clock.faster();
        QCOMPARE(clock.speed(), 0.5);
        clock.setPosition(-5);
        QCOMPARE(clock.position(), int64_t(0));
        clock.setPosition(50000);
        QCOMPARE(clock.position(), int64_t(10000));
    }

    // The instants a gateway serving a recording visits: one per step, and a
    // long silence jumped, so a frame from 1970 costs one mark, not 1.7 billion.
    void replayMarksJumpSilences()
    {
        QCOMPARE(replayMarks({ 1000, 2000, 3000 }, 500, 60000, 100), (std::vector<int64_t> { 1500, 2000, 2500, 3000 }));
        QCOMPARE(replayMarks({ 1000, 1200, 4000 }, 1000, 60000, 100), (std::vector<int64_t> { 2000, 3000, 4000 }));
        const int64_t now = 1'796'000'000'000; // 2026
        QCOMPARE(replayMarks({ 0, now, now + 2000 }, 1000, 60000, 100),
                 (std::vector<int64_t> { now, now + 1000, now + 2000 }));
        const int64_t max = std::numeric_limits<int64_t>::max(), min = std::numeric_limits<int64_t>::min();
        QCOMPARE(replayMarks({ min, 0, max }, 1000, 60000, 100), (std::vector<int64_t> { 0, max }));
        QCOMPARE(replayMarks({ max - 10, max }, 1000, 60000, 100), (std::vector<int64_t> { max }));
        QVERIFY(replayMarks({ 7 }, 1000, 60000, 100).empty());
        QVERIFY(replayMarks({}, 1000, 60000, 100).empty());
        QCOMPARE(replayMarks({ 0, 1'000'000 }, 1, 2'000'000, 10).size(), size_t(10)); // bounded
    }

    void feedShowsTheRecordedInstant()
    {
        ReplayFeed feed;
        QCOMPARE(feed.open(recording), QString());
        ClusterState shown, expected;
        uint64_t generation = 0;
        QVERIFY(feed.copyIfNewer(shown, generation));
        QCOMPARE(shown.timeMs(), frameTimes.front());
        RecordingReader reader;
        QCOMPARE(reader.open(recording), QString());
        const int64_t t = frameTimes[frameTimes.size() / 2] + 1234;
        feed.seek(t, false);
        feed.waitUntilIdle();
        QVERIFY(feed.copyIfNewer(shown, generation));
        QCOMPARE(reader.stateAt(t, expected), QString());
        QCOMPARE(shown.timeMs(), expected.timeMs());
        QCOMPARE(shown.columns()[0].values, expected.columns()[0].values);
        QCOMPARE(feed.shownMs(), t);
        QVERIFY(!feed.copyIfNewer(shown, generation)); // nothing new
        const RecordingOverview overview = feed.overview();
        QCOMPARE(overview.startMs, frameTimes.front());
        QVERIFY(overview.endMs >= frameTimes.back());
        uint32_t counted = 0;
        for (size_t b = 0; b < overview.density.info.size(); ++b)
            counted += overview.density.info[b] + overview.density.warning[b] + overview.density.critical[b];
        QCOMPARE(size_t(counted), events.size());
    }

    void playingHandsOverExactlyTheEventsInBetween()
    {
        ReplayFeed feed;
        QCOMPARE(feed.open(recording), QString());
        uint64_t continuity = 0;
        std::vector<Event> seen = feed.takeEvents(continuity);
        const uint64_t start = continuity;
        // Play through the whole recording in uneven steps.
        int64_t t = frameTimes.front();
        for (int i = 0; t < frameTimes.back() + 600000; ++i) {
            t += 60000 + (i % 7) * 250000;
            feed.seek(t, true);
            if (i % 3 == 0)
                feed.waitUntilIdle();
            std::vector<Event> batch = feed.takeEvents(continuity);
            seen.insert(seen.end(), batch.begin(), batch.end());
        }
        feed.waitUntilIdle();
        std::vector<Event> batch = feed.takeEvents(continuity);
        seen.insert(seen.end(), batch.begin(), batch.end());
        QCOMPARE(continuity, start);
        QCOMPARE(seen.size(), events.size());
        for (size_t i = 0; i < seen.size(); ++i)
            QCOMPARE(seen[i].timeMs, events[i].timeMs);
    }

    void aJumpHandsOverTheHistoryBeforeIt()
    {
        ReplayFeed feed;
        QCOMPARE(feed.open(recording), QString());
        uint64_t continuity = 0;
        feed.takeEvents(continuity);
        const uint64_t before = continuity;
        const int64_t t = frameTimes.back();
        feed.seek(t, true);
        feed.waitUntilIdle();
        feed.takeEvents(continuity);
        feed.seek(t - 3 * 3600000, true); // backwards: a jump, even if asked as continuous
        feed.waitUntilIdle();
        const std::vector<Event> history = feed.takeEvents(continuity);
        QCOMPARE(continuity, before + 1);
        size_t expected = 0;
        for (const Event &e : events)
            expected += e.timeMs <= t - 3 * 3600000 && e.timeMs >= t - 3 * 3600000 - ReplayFeed::EventHistoryMs;
        QCOMPARE(history.size(), expected);
    }

    void steppingFrameByFrame()
    {
        ReplayFeed feed;
        QCOMPARE(feed.open(recording), QString());
        feed.seek(frameTimes[10], false);
        feed.waitUntilIdle();
        feed.step(+1);
        feed.waitUntilIdle();
        QCOMPARE(feed.frameMs(), frameTimes[11]);
        feed.step(-1);
        feed.step(-1); // two steps back from 11, whether the worker took them together or one by one
        feed.waitUntilIdle();
        QCOMPARE(feed.frameMs(), frameTimes[9]);
        feed.step(+1);
        feed.waitUntilIdle();
        QCOMPARE(feed.frameMs(), frameTimes[10]);
        feed.seek(frameTimes.front(), false);
        feed.waitUntilIdle();
        feed.step(-1); // nothing before the first frame
        feed.waitUntilIdle();
        QCOMPARE(feed.frameMs(), frameTimes.front());
    }

    void alarmsAsTheyStoodAtEachInstant()
    {
        ReplayFeed feed;
        QCOMPARE(feed.open(recording), QString());
        QVERIFY(alarmsAt.size() >= 8);
        size_t nonEmpty = 0;
        std::vector<Alarm> shown;
        uint64_t generation = 0;
        // Forwards, then backwards: each instant shows the book exactly as it stood then.
        std::vector<std::pair<int64_t, std::vector<Alarm>>> instants(alarmsAt.begin(), alarmsAt.end());
        for (bool backwards : { false, true }) {
            if (backwards)
                std::reverse(instants.begin(), instants.end());
            for (const auto &[timeMs, expected] : instants) {
                feed.seek(timeMs, false);
                feed.waitUntilIdle();
                feed.copyAlarmsIfNewer(shown, generation);
                QCOMPARE(shown.size(), expected.size());
                QVERIFY2(shown == expected, qPrintable(QStringLiteral("at %1").arg(timeMs)));
                nonEmpty += !expected.empty();
            }
        }
        QVERIFY(nonEmpty >= 4); // the story's alarms are there to see
        // Played forwards (continuous steps, as the clock plays), each instant still shows them exactly.
        feed.seek(instants.back().first, false);
        feed.waitUntilIdle();
        std::reverse(instants.begin(), instants.end());
        for (const auto &[timeMs, expected] : instants) {
            feed.seek(timeMs, true);
            feed.waitUntilIdle();
            feed.copyAlarmsIfNewer(shown, generation);
            QVERIFY2(shown == expected, qPrintable(QStringLiteral("playing, at %1").arg(timeMs)));
        }
        // Nothing new: no copy.
        QVERIFY(!feed.copyAlarmsIfNewer(shown, generation));
    }

    void unusableRecordingsAreRefused()
    {
        ReplayFeed missing;
        QVERIFY(missing.open(dir.filePath(QStringLiteral("nope.vigil"))).contains(QStringLiteral("no such file")));
        const QString empty = dir.filePath(QStringLiteral("empty.vigil"));
        {
            RecordingWriter writer;
            QCOMPARE(writer.open(empty), QString());
        }
        ReplayFeed nothing;
        QVERIFY(nothing.open(empty).contains(QStringLiteral("holds nothing")));
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
