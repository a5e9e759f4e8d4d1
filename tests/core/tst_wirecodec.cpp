// SPDX-License-Identifier: GPL-3.0-or-later
// Every wire message survives serialisation, and Vigil's value types survive the codec.
#include "domain/codec.h"
#include "sim/topologybuilder.h"
#include "vigil/v1/gateway.pb.h"

#include <QTest>

using namespace vigil;

class TestWireCodec : public QObject
{
    Q_OBJECT

private:
    template<typename Message> static Message roundTrip(const Message &in)
    {
        std::string bytes;
        [&] { QVERIFY(in.SerializeToString(&bytes)); }();
        Message out;
        [&] { QVERIFY(out.ParseFromString(bytes)); }();
        return out;
    }

    static v1::Event sampleEvent()
    {
        Event e;
        e.id = 42;
        e.timeMs = 1793577600123;
        e.type = EventType::Xid;
        e.severity = Severity::Critical;
        e.entity = { EntityKind::Gpu, 17 };
        e.jobId = QStringLiteral("llm-405b-pretrain");
        e.code = 79;
        e.value = 1.5;
        e.step = 123456;
        e.message = QStringLiteral("NVRM: Xid (PCI:0000:1b:00): 79, GPU has fallen off the bus. — ü");
        e.operatorName = QStringLiteral("akiko");
        e.targetEventId = 41;
        e.partSerial = QStringLiteral("1650921012345");
        return wire::toProto(e);
    }

private Q_SLOTS:
    void topologyRoundTrip()
    {
        Topology original = buildTopology(ClusterShape { 256 }, 7);
        original.racks[1].placement = Rack::Placement::Assumed;
        original.racks[2].placement = Rack::Placement::Unplaced;
        original.gpuInstances = { { 5, 1, QStringLiteral("4g.40gb") }, { 5, 2, QStringLiteral("3g.40gb") } };
        original.switches.push_back(
            { QStringLiteral("n3-nvswitch0"), SwitchRole::NvSwitch, {}, 3, QStringLiteral("0000:c1:00.0") });
        QCOMPARE(original.index(), QString());
        const v1::Topology wireForm = roundTrip(wire::toProto(original));
        Topology back = wire::fromProto(wireForm);
        QCOMPARE(back.index(), QString());
        QVERIFY(back == original);
        QCOMPARE(back.instancesOfGpu[5].size(), size_t(2));
        QCOMPARE(back.gpuInstances[1].profile, QStringLiteral("3g.40gb"));
        QCOMPARE(wire::entityCount(back, EntityKind::GpuInstance), size_t(2));
        // An instance on a GPU that does not exist, or twice the same id, is refused.
        Topology wrong = back;
        wrong.gpuInstances.push_back({ 100000, 1, {} });
        QVERIFY(wrong.index().contains(QStringLiteral("gpu_index")));
        wrong = back;
        wrong.gpuInstances.push_back({ 5, 2, {} });
        QVERIFY(wrong.index().contains(QStringLiteral("two instances")));
        QCOMPARE(back.gpus.size(), size_t(256));
        QCOMPARE(back.jobs.front().layout.tensorParallel, original.jobs.front().layout.tensorParallel);
        QCOMPARE(back.switches.back().nodeIndex, 3);
        QCOMPARE(back.switches.back().pciBusId, QStringLiteral("0000:c1:00.0"));
        QCOMPARE(back.switches[back.switches.size() - 2].nodeIndex, -1); // a leaf sits in no node
        QCOMPARE(back.switches[back.switches.size() - 2].uplinkSwitchIndices,
                 original.switches[original.switches.size() - 2].uplinkSwitchIndices);
    }

    void eventRoundTrip()
    {
        const v1::Event wireForm = roundTrip(sampleEvent());
        const Event back = wire::fromProto(wireForm);
        QCOMPARE(back, wire::fromProto(sampleEvent()));
        QCOMPARE(back.code, 79);
        QCOMPARE(back.operatorName, QStringLiteral("akiko"));
        QCOMPARE(back.partSerial, QStringLiteral("1650921012345"));
    }

    void unknownEnumValuesDegradeToUnspecified()
    {
        v1::Event e = sampleEvent();
        e.set_type(v1::EventType(150)); // a future event type this build does not know
        e.mutable_entity()->set_kind(v1::EntityKind(99));
        const Event back = wire::fromProto(roundTrip(e));
        QCOMPARE(back.type, EventType::Unspecified);
        QCOMPARE(back.entity.kind, EntityKind::Unspecified);
    }

    void dictionaryRoundTrip()
    {
        const auto metrics = standardMetrics();
        const auto back = wire::fromProto(roundTrip(wire::toProto(9, metrics)));
        QCOMPARE(back.size(), metrics.size());
        for (size_t i = 0; i < metrics.size(); ++i) {
            QCOMPARE(back[i].id, metrics[i].id);
            QCOMPARE(back[i].name, metrics[i].name);
            QCOMPARE(back[i].unit, metrics[i].unit);
            QCOMPARE(back[i].entityKind, metrics[i].entityKind);
        }
    }

    void everyStreamMessageBody_data()
    {
        QTest::addColumn<int>("body");
        QTest::newRow("dictionary") << int(v1::StreamMessage::kDictionary);
        QTest::newRow("samples") << int(v1::StreamMessage::kSamples);
        QTest::newRow("events") << int(v1::StreamMessage::kEvents);
        QTest::newRow("sync") << int(v1::StreamMessage::kSync);
        QTest::newRow("heartbeat") << int(v1::StreamMessage::kHeartbeat);
        QTest::newRow("gap") << int(v1::StreamMessage::kGap);
    }

    void everyStreamMessageBody()
    {
        QFETCH(int, body);
        v1::StreamMessage m;
        m.set_epoch(0xfeedfacecafebeefULL);
        m.set_seq(1234567890123ULL);
        m.set_snapshot(true);
        switch (body) {
        case v1::StreamMessage::kDictionary:
            *m.mutable_dictionary() = wire::toProto(3, standardMetrics());
            break;
        case v1::StreamMessage::kSamples: {
            auto *s = m.mutable_samples();
            s->set_time_ms(1793577600000);
            s->set_keyframe(true);
            auto *dense = s->add_blocks();
            dense->set_metric_id(2);
            dense->set_first_index(8);
            for (float v : { 612.5f, std::numeric_limits<float>::quiet_NaN(), 0.0f })
                dense->add_values(v);
            auto *sparse = s->add_blocks();
            sparse->set_metric_id(0);
            sparse->add_indices(3);
            sparse->add_indices(900);
            sparse->add_values(71.0f);
            sparse->add_values(88.0f);
            break;
        }
        case v1::StreamMessage::kEvents:
            *m.mutable_events()->add_events() = sampleEvent();
            break;
        case v1::StreamMessage::kSync:
            m.mutable_sync()->set_resumed(true);
            break;
        case v1::StreamMessage::kHeartbeat:
            m.mutable_heartbeat()->set_server_time_ms(1793577601000);
            break;
        case v1::StreamMessage::kGap:
            m.mutable_gap()->set_reason(v1::Gap::REASON_EPOCH_CHANGED);
            m.mutable_gap()->set_previous_epoch(77);
            m.mutable_gap()->set_from_seq(10);
            m.mutable_gap()->set_to_seq(20);
            m.mutable_gap()->set_from_time_ms(5);
            m.mutable_gap()->set_to_time_ms(6);
            break;
        }
        const v1::StreamMessage back = roundTrip(m);
        QCOMPARE(int(back.body_case()), body);
        QCOMPARE(back.epoch(), m.epoch());
        QCOMPARE(back.seq(), m.seq());
        QCOMPARE(back.snapshot(), true);
        // Byte-level equality of a re-serialisation proves nothing was dropped or altered.
        QCOMPARE(back.SerializeAsString(), m.SerializeAsString());
        if (body == v1::StreamMessage::kSamples)
            QVERIFY(std::isnan(back.samples().blocks(0).values(1)));
    }

    void requestsAndReplies()
    {
        v1::SubscribeRequest subscribe;
        subscribe.add_metrics("DCGM_FI_DEV_GPU_TEMP");
        subscribe.mutable_resume()->set_epoch(5);
        subscribe.mutable_resume()->set_last_seq(99);
        subscribe.set_level(v1::AGGREGATION_LEVEL_RACK);
        subscribe.set_include_events(true);
        subscribe.set_client_name("wall-3");
        QCOMPARE(roundTrip(subscribe).SerializeAsString(), subscribe.SerializeAsString());

        v1::PublishRequest publish;
        publish.set_source("dcgm-bridge@node17");
        *publish.mutable_events()->add_events() = sampleEvent();
        QCOMPARE(roundTrip(publish).SerializeAsString(), publish.SerializeAsString());
        v1::PublishRequest publishSamples;
        publishSamples.mutable_samples()->set_time_ms(1);
        QVERIFY(roundTrip(publishSamples).has_samples());

        v1::PublishResponse published;
        published.set_accepted(3);
        published.set_rejected(1);
        published.set_first_error("entity 9000 does not exist");
        QCOMPARE(roundTrip(published).SerializeAsString(), published.SerializeAsString());

        v1::ActRequest act;
        act.set_action(v1::EVENT_TYPE_ACKNOWLEDGE);
        act.mutable_entity()->set_kind(v1::ENTITY_KIND_RACK);
        act.mutable_entity()->set_index(3);
        act.set_target_event_id(12);
        act.set_operator_name("akiko");
        act.set_comment("fan tray swap booked for 06:00");
        act.set_value(83.0);
        QCOMPARE(roundTrip(act).SerializeAsString(), act.SerializeAsString());

        v1::ActResponse acted;
        acted.set_event_id(7);
        acted.set_seq(8);
        QCOMPARE(roundTrip(acted).SerializeAsString(), acted.SerializeAsString());
        QCOMPARE(roundTrip(v1::GetTopologyRequest()).ByteSizeLong(), size_t(0));
    }

    void truncatedAndCorruptBytesAreRefused()
    {
        v1::StreamMessage m;
        *m.mutable_events()->add_events() = sampleEvent();
        const std::string bytes = m.SerializeAsString();
        v1::StreamMessage back;
        QVERIFY(!back.ParseFromString(bytes.substr(0, bytes.size() - 3)));
        std::string corrupt = bytes;
        corrupt[0] = char(0xff); // an invalid tag
        QVERIFY(!back.ParseFromString(corrupt));
    }

    void brokenTopologyReferencesAreReported()
    {
        Topology t = buildTopology(ClusterShape { 64 }, 1);
        QCOMPARE(t.index(), QString());
        t.gpus[3].nodeIndex = 9999;
        QVERIFY(t.index().contains(QStringLiteral("node_index")));
        Topology u = buildTopology(ClusterShape { 64 }, 1);
        u.jobs.front().gpuIndices.push_back(64);
        QVERIFY(u.index().contains(QStringLiteral("gpu_indices")));

        // Layout numbers a corrupt stream could carry: refused, never gigabytes of layout.
        Topology v = buildTopology(ClusterShape { 64 }, 1);
        v.nodes[2].slot = 4000000000u;
        QVERIFY(v.index().contains(QStringLiteral("slot = 4000000000 is out of range")));
        v = buildTopology(ClusterShape { 64 }, 1);
        v.gpus[5].localIndex = 70000;
        QVERIFY(v.index().contains(QStringLiteral("local_index")));
        v = buildTopology(ClusterShape { 64 }, 1);
        v.racks[0].positionInRow = 1u << 30;
        QVERIFY(v.index().contains(QStringLiteral("position_in_row")));
        // Two things in one place: said, not silently overdrawn.
        v = buildTopology(ClusterShape { 64 }, 1);
        v.nodes[1].slot = v.nodes[0].slot;
        QVERIFY2(v.index().contains(QStringLiteral("both in slot")), qPrintable(v.index()));
        v = buildTopology(ClusterShape { 64 }, 1);
        v.gpus[1].localIndex = v.gpus[0].localIndex;
        QVERIFY(v.index().contains(QStringLiteral("both have index")));
        v = buildTopology(ClusterShape { 256 }, 1);
        v.racks[1].rowIndex = v.racks[0].rowIndex;
        v.racks[1].positionInRow = v.racks[0].positionInRow;
        QVERIFY(v.index().contains(QStringLiteral("both stand at position")));

        // Empty slots and missing GPU indices are real (a rack with a gap, a node
        // with a GPU pulled): the lookups stay dense and ordered, with no holes.
        Topology w = buildTopology(ClusterShape { 64 }, 1);
        const uint32_t rack = w.nodes[0].rackIndex;
        for (Node &n : w.nodes)
            if (n.rackIndex == rack)
                n.slot *= 3;
        for (Gpu &g : w.gpus)
            if (g.nodeIndex == 0 && g.localIndex == 2)
                g.localIndex = 9;
        QCOMPARE(w.index(), QString());
        for (uint32_t n : w.nodesOfRack[rack])
            QVERIFY(n < w.nodes.size());
        for (size_t k = 1; k < w.nodesOfRack[rack].size(); ++k)
            QVERIFY(w.nodes[w.nodesOfRack[rack][k]].slot > w.nodes[w.nodesOfRack[rack][k - 1]].slot);
        QCOMPARE(w.gpusOfNode[0].size(), size_t(8));
        QCOMPARE(w.gpus[w.gpusOfNode[0].back()].localIndex, 9u);
    }
};

QTEST_GUILESS_MAIN(TestWireCodec)
#include "tst_wirecodec.moc"
