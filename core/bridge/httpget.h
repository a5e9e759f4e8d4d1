// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <chrono>

namespace vigil {

struct HttpResponse
{
    int status = 0;
    QByteArray body;
    QString error; // empty on success (status 200)
};

// A plain HTTP/1.0 GET for scraping an exporter's /metrics (http only, no
// redirects), bounded in time and size. Blocking: call it from a worker thread.
HttpResponse httpGet(const QString &url, std::chrono::milliseconds timeout = std::chrono::seconds(5),
                     qsizetype maxBytes = qsizetype(64) << 20);

} // namespace vigil
