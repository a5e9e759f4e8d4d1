// SPDX-License-Identifier: GPL-3.0-or-later
// Stream messages as a hostile gateway could send them, applied by the dashboard's consumer:
// the input is a run of length-prefixed StreamMessage encodings.
#include "domain/codec.h"
#include "domain/streamconsumer.h"
#include "sim/topologybuilder.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const auto topology = [] {
        vigil::ClusterShape shape;
        shape.gpus = 32;
        auto t = std::make_shared<vigil::Topology>(vigil::buildTopology(shape, 1));
        (void)t->index();
        return std::shared_ptr<const vigil::Topology>(t);
    }();
    vigil::StreamConsumer consumer;
    consumer.setTopology(topology);
    std::vector<vigil::Event> events;
    size_t at = 0;
    while (at + 2 <= size) {
        const size_t length = std::min<size_t>(size - at - 2, size_t(data[at]) << 8 | data[at + 1]);
        at += 2;
        vigil::v1::StreamMessage message;
        if (message.ParseFromArray(data + at, int(length)))
            (void)consumer.consume(message, events);
        at += length;
    }
    return 0;
}
