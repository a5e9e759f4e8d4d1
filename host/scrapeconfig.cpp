// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/scrapeconfig.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace vigil {

namespace {

struct ScrapeConfigTr
{
    Q_DECLARE_TR_FUNCTIONS(GatewayCommandLine)
};

bool isHttp(const QString &location)
{
    return location.startsWith(QLatin1String("http://")) || location.startsWith(QLatin1String("https://"));
}

// One entry's options laid over `base`; an error names the entry's key.
QString entryOptions(const QJsonObject &entry, const QString &where, HttpOptions &http)
{
    static const QStringList Known
        = { QStringLiteral("match"),    QStringLiteral("bearer_token_file"), QStringLiteral("basic_auth_file"),
            QStringLiteral("ca_file"),  QStringLiteral("cert_file"),         QStringLiteral("key_file"),
            QStringLiteral("timeout_s") };
    for (const QString &key : entry.keys())
        if (!Known.contains(key))
            return ScrapeConfigTr::tr("%1: unknown key \"%2\" (known: %3)")
                .arg(where, key, Known.join(QStringLiteral(", ")));
    const QString token = entry.value(QStringLiteral("bearer_token_file")).toString();
    const QString basic = entry.value(QStringLiteral("basic_auth_file")).toString();
    if (!token.isEmpty() && !basic.isEmpty())
        return ScrapeConfigTr::tr("%1: bearer_token_file and basic_auth_file: give one way to authenticate").arg(where);
    if (!token.isEmpty()) {
        http.basicAuth.clear();
        if (QString e = readSecretFile(where + QStringLiteral(" bearer_token_file"), token, &http.bearerToken);
            !e.isEmpty())
            return e;
    }
    if (!basic.isEmpty()) {
        http.bearerToken.clear();
        if (QString e = readSecretFile(where + QStringLiteral(" basic_auth_file"), basic, &http.basicAuth);
            !e.isEmpty())
            return e;
        if (!http.basicAuth.contains(u':'))
            return ScrapeConfigTr::tr("%1 basic_auth_file: the file must hold user:password").arg(where);
    }
    const struct
    {
        const char *key;
        QString *path;
    } files[]
        = { { "ca_file", &http.caFile }, { "cert_file", &http.clientCertificate }, { "key_file", &http.clientKey } };
    for (const auto &f : files) {
        const QString path = entry.value(QLatin1String(f.key)).toString();
        if (path.isEmpty())
            continue;
        if (!QFileInfo(path).isReadable())
            return ScrapeConfigTr::tr("%1 %2: cannot read %3").arg(where, QLatin1String(f.key), path);
        *f.path = path;
    }
    if (http.clientCertificate.isEmpty() != http.clientKey.isEmpty())
        return ScrapeConfigTr::tr("%1: cert_file and key_file go together").arg(where);
    if (entry.contains(QStringLiteral("timeout_s"))) {
        const double seconds = entry.value(QStringLiteral("timeout_s")).toDouble(-1);
        if (!(seconds >= 0.1 && seconds <= 600))
            return ScrapeConfigTr::tr("%1 timeout_s: a number of seconds from 0.1 to 600").arg(where);
        http.timeout = std::chrono::milliseconds(qint64(std::round(seconds * 1000.0)));
    }
    return {};
}

} // namespace

QString applyScrapeConfig(const QString &path, std::vector<BridgeSpec> &sources)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ScrapeConfigTr::tr("--scrape-config: cannot read %1: %2").arg(path, file.errorString());
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(1 << 20), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return ScrapeConfigTr::tr("--scrape-config: %1 is not JSON: %2 (at byte %3)")
            .arg(path, parseError.errorString())
            .arg(parseError.offset);
    const QJsonValue list = doc.object().value(QStringLiteral("sources"));
    if (!doc.isObject() || !list.isArray())
        return ScrapeConfigTr::tr("--scrape-config: %1 must hold an object with a \"sources\" list").arg(path);
    struct Entry
    {
        QString match;
        QJsonObject object;
        QString where;
    };
    std::vector<Entry> entries;
    const QJsonArray array = list.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where
            = ScrapeConfigTr::tr("--scrape-config %1, source %2").arg(QFileInfo(path).fileName()).arg(i + 1);
        const QJsonObject object = array.at(i).toObject();
        const QString match = object.value(QStringLiteral("match")).toString();
        if (!isHttp(match))
            return ScrapeConfigTr::tr("%1: \"match\" must be the start of an http:// or https:// URL").arg(where);
        entries.push_back({ match, object, where });
    }
    std::vector<bool> matches(entries.size(), false);
    for (BridgeSpec &source : sources) {
        if (!source.readsDcgm() || !isHttp(source.location))
            continue;
        const Entry *best = nullptr;
        for (size_t i = 0; i < entries.size(); ++i)
            if (source.location.startsWith(entries[i].match)) {
                matches[i] = true;
                if (!best || entries[i].match.size() > best->match.size())
                    best = &entries[i];
            }
        if (!best)
            continue;
        if (QString e = entryOptions(best->object, best->where, source.http); !e.isEmpty())
            return e;
    }
    for (size_t i = 0; i < entries.size(); ++i)
        if (!matches[i]) {
            // Checked too, so that a mistake shows now and not when the source is added.
            HttpOptions unused;
            if (QString e = entryOptions(entries[i].object, entries[i].where, unused); !e.isEmpty())
                return e;
            return ScrapeConfigTr::tr("%1: \"%2\" matches no --dcgm or --prometheus source")
                .arg(entries[i].where, entries[i].match);
        }
    return {};
}

} // namespace vigil
