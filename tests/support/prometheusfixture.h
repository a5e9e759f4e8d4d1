// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "httpfixture.h"
#include "sources/httpclient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

namespace vigil::test {

// A Prometheus on a free loopback port that takes remote writes; stopped when the guard goes.
struct Prometheus
{
    QTemporaryDir dir;
    QProcess process;
    int port = 0;
    QString start(int onPort = 0)
    {
        const QString binary = QStandardPaths::findExecutable(QStringLiteral("prometheus"));
        if (binary.isEmpty())
            return QStringLiteral("Debian's prometheus package is needed (make test installs it)");
        port = onPort ? onPort : freeLoopbackPort();
        QFile config(dir.filePath(QStringLiteral("prometheus.yml")));
        if (!config.open(QIODevice::WriteOnly))
            return QStringLiteral("cannot write the config");
        config.write("global: {scrape_interval: 15s}\n");
        config.close();
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(binary,
                      { QStringLiteral("--config.file=") + config.fileName(),
                        QStringLiteral("--storage.tsdb.path=") + dir.filePath(QStringLiteral("data")),
                        QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port),
                        QStringLiteral("--web.enable-remote-write-receiver") });
        if (!process.waitForStarted())
            return QStringLiteral("prometheus did not start");
        for (int i = 0; i < 100; ++i) { // until it answers
            if (httpGet(url(QStringLiteral("/-/ready"))).error.isEmpty())
                return {};
            QTest::qWait(100);
        }
        return QStringLiteral("prometheus never became ready: %1").arg(QString::fromUtf8(process.readAll()));
    }
    ~Prometheus()
    {
        process.terminate();
        process.waitForFinished(10000);
    }
    QString url(const QString &path) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path); }
    QString writeUrl() const { return url(QStringLiteral("/api/v1/write")); }
    // An instant query's result vector at `timeMs`.
    QJsonArray query(const QString &promql, int64_t timeMs) const
    {
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("query"), promql);
        q.addQueryItem(QStringLiteral("time"), QString::number(double(timeMs) / 1000.0, 'f', 3));
        const HttpResponse r = httpGet(url(QStringLiteral("/api/v1/query?")) + q.toString(QUrl::FullyEncoded));
        return QJsonDocument::fromJson(r.body)
            .object()[QStringLiteral("data")]
            .toObject()[QStringLiteral("result")]
            .toArray();
    }
};

} // namespace vigil::test
