// SPDX-License-Identifier: GPL-3.0-or-later
// The client's stream logic without a socket: snapshot, sync, gap-free seq,
// resume, gaps reported, protocol violations refused.
#include "domain/codec.h"
#include "domain/streamconsumer.h"
#include "sim/topologybuilder.h"
#include "vigil/v1/gateway.pb.h"

#include <QTest>

using namespace vigil;

namespace {

constexpr uint64_t Epoch = 77;

v1::StreamMessage message(uint64_t seq, bool snapshot = false, uint64_t epoch = Epoch)
{
    v1::StreamMessage m;
    m.set_epoch(epoch);
    m.set_seq(seq);
    m.set_snapshot(snapshot);
    return m;
}

v1::StreamMessage dictionary(uint64_t seq, uint64_t topologyVersion = 1, uint64_t epoch = Epoch)
{
    v1::StreamMessage m = message(seq, true, epoch);
    *m.mutable_dictionary() = wire::toProto(topologyVersion, standardMetrics());
    return m;
}

v1::StreamMessage samples(uint64_t seq, float temp, bool snapshot = false, uint64_t epoch = Epoch)
{
    v1::StreamMessage m = message(seq, snapshot, epoch);
    m.mutable_samples()->set_time_ms(int64_t(seq) * 1000);
    auto *b = m.mutable_samples()->add_blocks();
    b->set_metric_id(0);
    b->add_values(temp);
    return m;
}

v1::StreamMessage sync(uint64_t seq, bool resumed, uint64_t epoch = Epoch)
{
    v1::StreamMessage m = message(seq, !resumed, epoch);
    m.mutable_sync()->set_resumed(resumed);
    return m;
}

} // namespace

class TestStreamConsumer : public QObject
{
    Q_OBJECT

    StreamConsumer consumer;
    std::vector<Event> events;

    StreamConsumer::Outcome feed(const v1::StreamMessage &m) { return consumer.consume(m, events); }
    float gpu0Temp() const { return consumer.state().value(consumer.state().column(metric::GpuTemp), 0); }

    void subscribeFresh(uint64_t at)
    {
        QCOMPARE(feed(dictionary(at)), StreamConsumer::Outcome::Applied);
        QCOMPARE(feed(samples(at, 50.0f, true)), StreamConsumer::Outcome::Applied);
        QCOMPARE(feed(sync(at, false)), StreamConsumer::Outcome::Synced);
    }

private Q_SLOTS:
    void init()
    {
        consumer = StreamConsumer();
        consumer.setTopology(std::make_shared<Topology>(buildTopology({ 64 }, 1)));
        events.clear();
    }

    void snapshotThenDeltas()
    {
        QVERIFY(!consumer.resumeToken().valid());
        subscribeFresh(10);
        QCOMPARE(gpu0Temp(), 50.0f);
        QCOMPARE(consumer.resumeToken().lastSeq, uint64_t(10));
        QCOMPARE(feed(samples(11, 51.0f)), StreamConsumer::Outcome::Applied);
        QCOMPARE(feed(samples(12, 52.0f)), StreamConsumer::Outcome::Applied);
        QCOMPARE(gpu0Temp(), 52.0f);
        QCOMPARE(consumer.resumeToken().epoch, Epoch);
        QCOMPARE(consumer.resumeToken().lastSeq, uint64_t(12));
        QVERIFY(consumer.gaps().empty());
    }

    void streamCutMidSnapshotLeavesNothingToResume()
    {
        feed(dictionary(10));
        feed(samples(10, 50.0f, true));
        QVERIFY(!consumer.resumeToken().valid());
    }

    void missingSequenceIsAGap()
    {
        subscribeFresh(10);
        feed(samples(11, 51.0f));
        QCOMPARE(feed(samples(14, 54.0f)), StreamConsumer::Outcome::Applied);
        QCOMPARE(consumer.gaps().size(), size_t(1));
        QCOMPARE(consumer.gaps().front().reason, StreamGap::Reason::MissingSequence);
        QCOMPARE(consumer.gaps().front().fromSeq, uint64_t(12));
        QCOMPARE(consumer.gaps().front().toSeq, uint64_t(13));
        QCOMPARE(gpu0Temp(), 54.0f);
    }

    void duplicateAndOutOfOrderAreRefused()
    {
        subscribeFresh(10);
        feed(samples(11, 51.0f));
        QCOMPARE(feed(samples(11, 99.0f)), StreamConsumer::Outcome::ProtocolError);
        QVERIFY(consumer.lastError().contains(QStringLiteral("duplicate or out-of-order")));
        QCOMPARE(feed(samples(5, 99.0f)), StreamConsumer::Outcome::ProtocolError);
        QCOMPARE(gpu0Temp(), 51.0f);
        QCOMPARE(feed(samples(12, 52.0f)), StreamConsumer::Outcome::Applied);
    }

    void entryFromAnotherEpochIsRefused()
    {
        subscribeFresh(10);
        QCOMPARE(feed(samples(11, 99.0f, false, Epoch + 1)), StreamConsumer::Outcome::ProtocolError);
        QCOMPARE(gpu0Temp(), 50.0f);
    }

    void resumeContinues()
    {
        subscribeFresh(10);
        feed(samples(11, 51.0f));
        // The connection broke; the gateway replays 12..13 and confirms.
        feed(samples(12, 52.0f));
        feed(samples(13, 53.0f));
        QCOMPARE(feed(sync(13, true)), StreamConsumer::Outcome::Synced);
        QVERIFY(consumer.lastSyncResumed());
        QVERIFY(consumer.gaps().empty());
    }

    void resumeAtTheWrongPlaceIsRefused()
    {
        subscribeFresh(10);
        QCOMPARE(feed(sync(12, true)), StreamConsumer::Outcome::ProtocolError);
    }

    void newEpochSnapshotWithGap()
    {
        subscribeFresh(10);
        feed(samples(11, 51.0f));
        const uint64_t newEpoch = Epoch + 100;
        feed(dictionary(3, 1, newEpoch));
        feed(samples(3, 40.0f, true, newEpoch));
        v1::StreamMessage gap = message(3, true, newEpoch);
        gap.mutable_gap()->set_reason(v1::Gap::REASON_EPOCH_CHANGED);
        gap.mutable_gap()->set_previous_epoch(Epoch);
        gap.mutable_gap()->set_from_seq(12);
        gap.mutable_gap()->set_to_time_ms(3000);
        QCOMPARE(feed(gap), StreamConsumer::Outcome::Applied);
        QCOMPARE(feed(sync(3, false, newEpoch)), StreamConsumer::Outcome::Synced);
        QCOMPARE(consumer.gaps().size(), size_t(1));
        const StreamGap &g = consumer.gaps().front();
        QCOMPARE(g.reason, StreamGap::Reason::EpochChanged);
        QCOMPARE(g.epoch, Epoch);
        QCOMPARE(g.fromTimeMs, int64_t(11000)); // where this client's data stopped
        QCOMPARE(consumer.resumeToken().epoch, newEpoch);
        QCOMPARE(gpu0Temp(), 40.0f);
    }

    void heartbeatAheadRevealsLoss()
    {
        subscribeFresh(10);
        v1::StreamMessage hb = message(15);
        hb.mutable_heartbeat()->set_server_time_ms(1);
        feed(hb);
        QCOMPARE(consumer.gaps().size(), size_t(1));
        QCOMPARE(consumer.resumeToken().lastSeq, uint64_t(15));
    }

    void dictionaryForAnotherTopology() { QCOMPARE(feed(dictionary(1, 2)), StreamConsumer::Outcome::NeedsTopology); }

    void messagesOutOfPlace()
    {
        QCOMPARE(feed(samples(1, 1.0f)), StreamConsumer::Outcome::ProtocolError);
        QCOMPARE(feed(samples(1, 1.0f, true)), StreamConsumer::Outcome::ProtocolError);
        QCOMPARE(feed(sync(1, false)), StreamConsumer::Outcome::ProtocolError);
        QCOMPARE(feed(message(1)), StreamConsumer::Outcome::ProtocolError);
        QVERIFY(consumer.lastError().contains(QStringLiteral("without a body")));
    }

    void recentEventsComeWithTheSnapshot()
    {
        feed(dictionary(10));
        v1::StreamMessage history = message(10, true);
        auto *e = history.mutable_events()->add_events();
        e->set_type(v1::EVENT_TYPE_XID);
        e->set_code(48);
        QCOMPARE(feed(history), StreamConsumer::Outcome::Applied);
        QCOMPARE(feed(sync(10, false)), StreamConsumer::Outcome::Synced);
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(consumer.resumeToken().lastSeq, uint64_t(10)); // history does not move the seq
        QCOMPARE(feed(history), StreamConsumer::Outcome::ProtocolError); // not outside a snapshot
    }

    void eventsAreDelivered()
    {
        subscribeFresh(10);
        v1::StreamMessage m = message(11);
        auto *e = m.mutable_events()->add_events();
        e->set_type(v1::EVENT_TYPE_XID);
        e->set_code(79);
        QCOMPARE(feed(m), StreamConsumer::Outcome::Applied);
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(events.front().code, 79);
    }
};

QTEST_GUILESS_MAIN(TestStreamConsumer)
#include "tst_streamconsumer.moc"
