// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace vigil {

// How to reach one HTTP(S) source: its credentials, the authority it must prove
// itself to, and the bounds of a request.
struct HttpOptions
{
    QString bearerToken; // sent as "Authorization: Bearer ..."
    QString basicAuth; // "user:password"
    QString caFile; // PEM bundle the server's certificate must chain to (default: the system's)
    QString clientCertificate; // PEM, for servers that want mutual TLS
    QString clientKey;
    std::chrono::milliseconds timeout { 5000 };
    qsizetype maxBytes = qsizetype(64) << 20; // the body, after decompression
    long maxRedirects = 5;
};

struct HttpResponse
{
    long status = 0;
    QByteArray body;
    QString error; // empty on success (status 200)
    double elapsedMs = -1.0; // from the request's start to its last byte or failure (-1: not made)
};

struct HttpRequest
{
    QString url; // http:// or https://
    HttpOptions options;
    // A POST when set: this body, with these headers ("Content-Type: ..."); any 2xx is success.
    std::optional<QByteArray> postBody;
    std::vector<QByteArray> headers;
};

// GETs every request at once over libcurl's multi interface, on the calling thread:
// many exporters scraped concurrently, without a thread each. gzip and deflate are
// asked for and undone; redirects are followed within http(s); a body larger than
// maxBytes, a status other than 200 and every transport or TLS failure is an error
// that says what happened. Blocking: call it from a worker thread.
std::vector<HttpResponse> httpGetAll(const std::vector<HttpRequest> &requests);

// Transfers in flight over one libcurl multi handle, each finishing on its own: a slow
// server holds up only its own transfer (each bounded by its request's timeout). Used by
// one thread; the same rules as httpGetAll.
class HttpMulti
{
public:
    HttpMulti();
    ~HttpMulti();
    HttpMulti(const HttpMulti &) = delete;
    HttpMulti &operator=(const HttpMulti &) = delete;

    // Starts a request; `tag` comes back with its response. A request that cannot start
    // (not an http(s) URL) finishes at once, with its error, at the next wait().
    void start(size_t tag, HttpRequest request);
    size_t inFlight() const { return m_pending.size(); }
    // Lets the transfers progress for up to `timeoutMs` (less when one finishes) and
    // returns those that finished, by tag.
    std::vector<std::pair<size_t, HttpResponse>> wait(int timeoutMs);

private:
    struct Pending;
    void *m_multi = nullptr; // CURLM
    std::vector<std::unique_ptr<Pending>> m_pending;
};

// One GET, the same way.
HttpResponse httpGet(const QString &url, const HttpOptions &options = {});

// One POST of `body` with `headers`, the same way; a 2xx status is success.
HttpResponse httpPost(const QString &url, const QByteArray &body, const std::vector<QByteArray> &headers,
                      const HttpOptions &options = {});

// The first line of a secret's file (a token, user:password): secrets stay out of the
// process list. `what` names where the path came from, for the error.
QString readSecretFile(const QString &what, const QString &path, QString *value);

// True for the URLs httpGet reads (http:// and https://).
bool isHttpUrl(const QString &location);

} // namespace vigil
