// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/httpclient.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <curl/curl.h>

#include <memory>
#include <mutex>

namespace vigil {

namespace {

void initialiseCurlOnce()
{
    // curl_global_init is not thread-safe before 7.84; do it once, whoever comes first.
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Transfer
{
    const HttpRequest *request = nullptr;
    HttpResponse *response = nullptr;
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    char errorBuffer[CURL_ERROR_SIZE] = {};
    bool tooLarge = false;
    QByteArray url;
    QByteArray token;
    QByteArray userPassword;
    QByteArray caFile;
    QByteArray certificate;
    QByteArray key;

    ~Transfer()
    {
        if (easy)
            curl_easy_cleanup(easy);
        if (headers)
            curl_slist_free_all(headers);
    }
};

size_t onBody(char *data, size_t size, size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const size_t bytes = size * count;
    if (t->response->body.size() + qsizetype(bytes) > t->request->options.maxBytes) {
        t->tooLarge = true;
        return 0; // aborts the transfer
    }
    if (t->response->body.isEmpty()) {
        // One allocation for the body when the server says how long it is.
        curl_off_t length = -1;
        curl_easy_getinfo(t->easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
        if (length > 0 && length <= t->request->options.maxBytes)
            t->response->body.reserve(qsizetype(length));
    }
    t->response->body.append(data, qsizetype(bytes));
    return bytes;
}

bool configure(Transfer &t)
{
    const HttpOptions &o = t.request->options;
    t.easy = curl_easy_init();
    if (!t.easy) {
        t.response->error = QStringLiteral("cannot start an HTTP request (libcurl)");
        return false;
    }
    t.url = t.request->url.toUtf8();
    CURL *e = t.easy;
    curl_easy_setopt(e, CURLOPT_URL, t.url.constData());
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t.errorBuffer);
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onBody);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, long(o.timeout.count()));
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, long(o.timeout.count()));
    curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, ""); // every encoding this libcurl can undo
    curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(e, CURLOPT_MAXREDIRS, o.maxRedirects);
    // A redirect may not lead off to file://, ftp:// or anything but http(s).
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_USERAGENT, "vigil-gateway");
    if (o.maxBytes > 0)
        curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(o.maxBytes));
    if (t.request->postBody) {
        // Not followed to another place: a redirected POST would become a GET.
        curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
        curl_easy_setopt(e, CURLOPT_POST, 1L);
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, t.request->postBody->constData());
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(t.request->postBody->size()));
        curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, nullptr);
    }
    for (const QByteArray &header : t.request->headers)
        t.headers = curl_slist_append(t.headers, header.constData());
    if (t.headers)
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, t.headers);
    if (!o.bearerToken.isEmpty()) {
        t.token = o.bearerToken.toUtf8();
        curl_easy_setopt(e, CURLOPT_HTTPAUTH, CURLAUTH_BEARER);
        curl_easy_setopt(e, CURLOPT_XOAUTH2_BEARER, t.token.constData());
    } else if (!o.basicAuth.isEmpty()) {
        t.userPassword = o.basicAuth.toUtf8();
        curl_easy_setopt(e, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
        curl_easy_setopt(e, CURLOPT_USERPWD, t.userPassword.constData());
    }
    // Credentials go to the host they were given for, not to wherever a redirect points.
    curl_easy_setopt(e, CURLOPT_UNRESTRICTED_AUTH, 0L);
    if (!o.caFile.isEmpty()) {
        t.caFile = o.caFile.toLocal8Bit();
        curl_easy_setopt(e, CURLOPT_CAINFO, t.caFile.constData());
    }
    if (!o.clientCertificate.isEmpty()) {
        t.certificate = o.clientCertificate.toLocal8Bit();
        t.key = o.clientKey.toLocal8Bit();
        curl_easy_setopt(e, CURLOPT_SSLCERT, t.certificate.constData());
        if (!t.key.isEmpty())
            curl_easy_setopt(e, CURLOPT_SSLKEY, t.key.constData());
    }
    return true;
}

QString describeFailure(const Transfer &t, CURLcode code)
{
    const QString url = t.request->url;
    const QString detail
        = t.errorBuffer[0] ? QString::fromUtf8(t.errorBuffer) : QString::fromUtf8(curl_easy_strerror(code));
    switch (code) {
    case CURLE_WRITE_ERROR:
    case CURLE_FILESIZE_EXCEEDED:
        return QStringLiteral("%1 sent more than %2 bytes; raise the limit or scrape fewer fields")
            .arg(url)
            .arg(t.request->options.maxBytes);
    case CURLE_COULDNT_RESOLVE_HOST:
        return QStringLiteral("cannot resolve the host of %1: %2").arg(url, detail);
    case CURLE_COULDNT_CONNECT:
        return QStringLiteral("cannot connect to %1: %2 (is the exporter running, and the port right?)")
            .arg(url, detail);
    case CURLE_OPERATION_TIMEDOUT:
        return QStringLiteral("%1 did not answer within %2 ms").arg(url).arg(t.request->options.timeout.count());
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
        return QStringLiteral("cannot verify %1's certificate: %2 (give the CA that signed it)").arg(url, detail);
    case CURLE_SSL_CONNECT_ERROR:
        return QStringLiteral("TLS handshake with %1 failed: %2 (does it speak HTTPS? does it want a client "
                              "certificate?)")
            .arg(url, detail);
    case CURLE_UNSUPPORTED_PROTOCOL:
        // An http(s) URL whose server answers in something else (HTTP/0.9 is refused).
        return QStringLiteral("%1 did not answer in HTTP: %2").arg(url, detail);
    case CURLE_TOO_MANY_REDIRECTS:
        return QStringLiteral("%1 redirects more than %2 times").arg(url).arg(t.request->options.maxRedirects);
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_RECV_ERROR:
        return QStringLiteral("%1 did not answer in HTTP: %2").arg(url, detail);
    case CURLE_BAD_CONTENT_ENCODING:
        return QStringLiteral("%1 sent a body that does not decompress: %2").arg(url, detail);
    default:
        return QStringLiteral("%1: %2").arg(url, detail);
    }
}

// What a server's error body says: a Prometheus-style API's "errorType: error", else the
// text, at most 2,000 characters (enough for any limit a server names).
QString serverSaid(const QByteArray &body)
{
    const QJsonObject o = QJsonDocument::fromJson(body.left(64 * 1024)).object();
    if (o.value(QLatin1String("error")).isString()) {
        const QString type = o.value(QLatin1String("errorType")).toString();
        const QString error = o.value(QLatin1String("error")).toString().left(2000);
        return type.isEmpty() ? error : QStringLiteral("%1: %2").arg(type, error);
    }
    return QString::fromUtf8(body.left(2000)).simplified();
}

void finish(Transfer &t, CURLcode code)
{
    HttpResponse &r = *t.response;
    curl_easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &r.status);
    curl_off_t elapsedUs = 0;
    if (curl_easy_getinfo(t.easy, CURLINFO_TOTAL_TIME_T, &elapsedUs) == CURLE_OK)
        r.elapsedMs = double(elapsedUs) / 1000.0;
    if (code != CURLE_OK || t.tooLarge) {
        r.error = describeFailure(t, t.tooLarge ? CURLE_WRITE_ERROR : code);
        r.body.clear();
        return;
    }
    const bool post = t.request->postBody.has_value();
    if (r.status == 401 || r.status == 403)
        r.error = QStringLiteral("%1 refused the %2: HTTP %3 (check its token or password)")
                      .arg(t.request->url, post ? QStringLiteral("write") : QStringLiteral("scrape"))
                      .arg(r.status);
    else if (post && r.status >= 200 && r.status < 300)
        return; // keeps the body: a 2xx may say something
    else if (post || r.status != 200) {
        // The status and what the server said of it, whole (a query API names the limit it hit
        // at the end of a long sentence), apart from where it was asked: the URL without its
        // query, which can be kilobytes of PromQL.
        const QString said = serverSaid(r.body);
        const QString where = QUrl(t.request->url).adjusted(QUrl::RemoveQuery | QUrl::RemoveUserInfo).toString();
        r.error = said.isEmpty() ? QStringLiteral("HTTP %1 from %2").arg(r.status).arg(where)
                                 : QStringLiteral("HTTP %1: %2 (from %3)").arg(r.status).arg(said, where);
        return; // the body stays: the caller may read the error from it
    }
}

} // namespace

HttpResponse httpPost(const QString &url, const QByteArray &body, const std::vector<QByteArray> &headers,
                      const HttpOptions &options)
{
    HttpRequest request { url, options, body, headers };
    return httpGetAll({ request }).front();
}

QString readSecretFile(const QString &what, const QString &path, QString *value)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("GatewayCommandLine", "%1: cannot read %2: %3")
            .arg(what, path, file.errorString());
    *value = QString::fromUtf8(file.readLine(64 * 1024)).trimmed();
    if (value->isEmpty())
        return QCoreApplication::translate("GatewayCommandLine", "%1: %2 is empty").arg(what, path);
    return {};
}

bool isHttpUrl(const QString &location)
{
    return location.startsWith(QLatin1String("http://"), Qt::CaseInsensitive)
        || location.startsWith(QLatin1String("https://"), Qt::CaseInsensitive);
}

struct HttpMulti::Pending
{
    size_t tag = 0;
    HttpRequest request;
    HttpResponse response;
    Transfer transfer;
    bool done = false;
};

HttpMulti::HttpMulti()
{
    initialiseCurlOnce();
    m_multi = curl_multi_init();
}

HttpMulti::~HttpMulti()
{
    for (auto &p : m_pending)
        if (m_multi && p->transfer.easy)
            curl_multi_remove_handle(static_cast<CURLM *>(m_multi), p->transfer.easy);
    m_pending.clear();
    if (m_multi)
        curl_multi_cleanup(static_cast<CURLM *>(m_multi));
}

void HttpMulti::start(size_t tag, HttpRequest request)
{
    auto p = std::make_unique<Pending>();
    p->tag = tag;
    p->request = std::move(request);
    p->transfer.request = &p->request;
    p->transfer.response = &p->response;
    if (!isHttpUrl(p->request.url)) {
        p->response.error = QStringLiteral("'%1' is not an http:// or https:// URL").arg(p->request.url);
        p->done = true;
    } else if (!m_multi) {
        p->response.error = QStringLiteral("out of memory for an HTTP transfer");
        p->done = true;
    } else if (!configure(p->transfer)) {
        p->done = true; // configure says why
    } else {
        curl_easy_setopt(p->transfer.easy, CURLOPT_PRIVATE, p.get());
        curl_multi_add_handle(static_cast<CURLM *>(m_multi), p->transfer.easy);
    }
    m_pending.push_back(std::move(p));
}

std::vector<std::pair<size_t, HttpResponse>> HttpMulti::wait(int timeoutMs)
{
    auto *multi = static_cast<CURLM *>(m_multi);
    const bool anyDone = std::any_of(m_pending.begin(), m_pending.end(), [](const auto &p) { return p->done; });
    if (multi && !m_pending.empty()) {
        int running = 0;
        curl_multi_perform(multi, &running);
        if (running > 0 && !anyDone) {
            curl_multi_poll(multi, nullptr, 0, timeoutMs, nullptr);
            curl_multi_perform(multi, &running);
        }
        int queued = 0;
        while (CURLMsg *m = curl_multi_info_read(multi, &queued)) {
            if (m->msg != CURLMSG_DONE)
                continue;
            Pending *p = nullptr;
            curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, &p);
            finish(p->transfer, m->data.result);
            curl_multi_remove_handle(multi, m->easy_handle);
            p->done = true;
        }
    }
    std::vector<std::pair<size_t, HttpResponse>> finished;
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if ((*it)->done) {
            finished.emplace_back((*it)->tag, std::move((*it)->response));
            it = m_pending.erase(it);
        } else {
            ++it;
        }
    }
    return finished;
}

std::vector<HttpResponse> httpGetAll(const std::vector<HttpRequest> &requests)
{
    std::vector<HttpResponse> responses(requests.size());
    HttpMulti transfers;
    for (size_t i = 0; i < requests.size(); ++i)
        transfers.start(i, requests[i]);
    while (transfers.inFlight() > 0)
        for (auto &[tag, response] : transfers.wait(1000))
            responses[tag] = std::move(response);
    return responses;
}

HttpResponse httpGet(const QString &url, const HttpOptions &options)
{
    return std::move(httpGetAll({ { url, options } }).front());
}

} // namespace vigil
