// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-off file (JSON): what parses holds the documented bounds; and the payload built from
// a hostile hand-off (the same bytes as times, remedies, entities and text) is JSON that names
// the remedy and the hand-off it was built from.
#include "domain/nvlinkerror.h"
#include "host/handoff.h"

#include <QJsonDocument>
#include <QJsonObject>

#include "smallfloor.h"

#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    vigil::HandOffSettings s;
    if (vigil::parseHandOffSettings(json, QStringLiteral("fuzz.json"), s).isEmpty()) {
        if (s.webhookUrl.isEmpty() && s.scriptPath.isEmpty())
            std::abort(); // a hand-off goes somewhere
        if (s.automaticPerHour < 1 || s.automaticPerHour > vigil::HandOffSettings::MaxPerHour
            || s.automatic.count(vigil::Remedy::None) || s.scriptTimeout.count() < 1000
            || (!s.webhookUrl.isEmpty() && (s.webhook.timeout.count() < 1000 || s.webhook.maxRedirects != 0)))
            std::abort();
    }
    // The same bytes as a kernel line: an Xid 74's registers, read or refused, never out of bounds.
    if (const auto link = vigil::parseNvlinkError(QString::fromUtf8(json));
        link && (link->link < 0 || link->link > 999))
        std::abort();
    static const auto floor = vigil::fuzz::smallFloor();
    if (size < 16)
        return 0;
    vigil::Event e;
    std::memcpy(&e.timeMs, data, 8);
    std::memcpy(&e.id, data + 8, 4);
    e.type = vigil::EventType::HandOff;
    e.code = int32_t(data[12]) - 64; // remedies, and numbers no remedy has
    e.value = data[13] & 1;
    e.entity = { vigil::EntityKind(data[14] % 12), uint32_t(data[15] % 8) };
    e.message = QString::fromUtf8(json.mid(16, 4096));
    e.operatorName = QString::fromUtf8(json.mid(16, 64));
    const QJsonDocument payload
        = QJsonDocument::fromJson(vigil::handOffPayload(e, *floor, std::nullopt, QStringLiteral("fuzz")));
    if (!payload.isObject() || payload.object().value(QStringLiteral("id")).toString() != QString::number(e.id)
        || payload.object().value(QStringLiteral("comment")).toString() != e.message)
        std::abort();
    return 0;
}
