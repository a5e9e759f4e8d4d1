// SPDX-License-Identifier: GPL-3.0-or-later
// A recording's blocks as a damaged file could hold them: frame times, compressed chunks and
// the column tokens inside them. The first bytes choose the entity count and the chunk kind.
#include "recording/columncodec.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    const size_t entities = size_t(data[0]) | size_t(data[1] & 0x0f) << 8;
    const bool key = data[2] & 1;
    const size_t timesBytes = std::min<size_t>(size - 4, data[3]);
    const std::string_view rest(reinterpret_cast<const char *>(data) + 4, size - 4);
    std::vector<int64_t> times;
    if (!vigil::recording::decodeTimes(rest.substr(0, timesBytes), times, 4096).isEmpty())
        times.clear();
    const std::string_view chunk = rest.substr(timesBytes);
    std::string tokens;
    if (data[2] & 2) { // compressed, as stored
        if (!vigil::recording::decompress(chunk, tokens, 1 << 20).isEmpty())
            return 0;
    } else {
        tokens.assign(chunk);
    }
    vigil::recording::ColumnDecoder whole(0.1, entities);
    (void)whole.decodeChunk(tokens, key, times, times.size());
    vigil::recording::ColumnDecoder stepwise(1.0, entities);
    stepwise.begin(tokens, key, times);
    for (size_t frame = 1; frame <= times.size(); ++frame)
        if (!stepwise.advanceTo(frame).isEmpty())
            break;
    return 0;
}
