// SPDX-License-Identifier: GPL-3.0-or-later
// TensorBoard event files: TFRecord frames of Event messages, fed in two pieces.
#include "sources/tensorboard.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = size ? qsizetype(data[0]) % (bytes.size() + 1) : 0;
    vigil::tensorboard::RecordReader reader;
    std::vector<vigil::TrainingRecord> records;
    std::map<QString, int> unknownTags;
    const auto read = [&](QByteArrayView record) { vigil::tensorboard::readEvent(record, records, unknownTags); };
    reader.feed(bytes.first(split), read);
    reader.feed(bytes.sliced(split), read);
    vigil::tensorboard::readEvent(bytes, records, unknownTags); // a record on its own, unframed
    return 0;
}
