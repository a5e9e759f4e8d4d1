// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpget.h"

#include <QUrl>

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>

namespace vigil {

namespace {

class Socket
{
public:
    ~Socket()
    {
        if (fd >= 0)
            ::close(fd);
    }
    int fd = -1;
};

} // namespace

HttpResponse httpGet(const QString &urlText, std::chrono::milliseconds timeout, qsizetype maxBytes)
{
    HttpResponse response;
    const QUrl url(urlText);
    if (!url.isValid() || url.scheme() != QLatin1String("http") || url.host().isEmpty()) {
        response.error = QStringLiteral("'%1' is not an http:// URL").arg(urlText);
        return response;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto remainingMs = [&] {
        return int(std::max<int64_t>(
            0,
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
                .count()));
    };

    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *found = nullptr;
    const QByteArray host = url.host().toUtf8();
    const QByteArray port = QByteArray::number(url.port(80));
    if (const int rc = ::getaddrinfo(host.constData(), port.constData(), &hints, &found); rc != 0) {
        response.error = QStringLiteral("cannot resolve %1: %2").arg(url.host(), QString::fromUtf8(gai_strerror(rc)));
        return response;
    }
    Socket socket;
    QString connectError = QStringLiteral("no address");
    for (addrinfo *a = found; a && socket.fd < 0; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0)
            continue;
        if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0 || errno == EINPROGRESS) {
            pollfd p { fd, POLLOUT, 0 };
            int soError = 0;
            socklen_t length = sizeof soError;
            if (::poll(&p, 1, remainingMs()) == 1 && ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length) == 0
                && soError == 0) {
                socket.fd = fd;
                break;
            }
            connectError = soError ? QString::fromUtf8(std::strerror(soError)) : QStringLiteral("timed out");
        } else {
            connectError = QString::fromUtf8(std::strerror(errno));
        }
        ::close(fd);
    }
    ::freeaddrinfo(found);
    if (socket.fd < 0) {
        response.error
            = QStringLiteral("cannot connect to %1:%2: %3").arg(url.host()).arg(url.port(80)).arg(connectError);
        return response;
    }

    const QByteArray path
        = url.path(QUrl::FullyEncoded).isEmpty() ? QByteArray("/") : url.path(QUrl::FullyEncoded).toUtf8();
    const QByteArray query = url.hasQuery() ? "?" + url.query(QUrl::FullyEncoded).toUtf8() : QByteArray();
    const QByteArray request = "GET " + path + query + " HTTP/1.0\r\nHost: " + host
        + "\r\nUser-Agent: vigil-gateway\r\n" + "Accept: text/plain\r\nConnection: close\r\n\r\n";
    for (qsizetype sent = 0; sent < request.size();) {
        pollfd p { socket.fd, POLLOUT, 0 };
        if (::poll(&p, 1, remainingMs()) != 1) {
            response.error = QStringLiteral("timed out sending the request to %1").arg(urlText);
            return response;
        }
        const ssize_t n = ::send(socket.fd, request.constData() + sent, size_t(request.size() - sent), MSG_NOSIGNAL);
        if (n <= 0 && errno != EAGAIN) {
            response.error
                = QStringLiteral("cannot send to %1: %2").arg(urlText, QString::fromUtf8(std::strerror(errno)));
            return response;
        }
        sent += std::max<ssize_t>(0, n);
    }

    QByteArray raw;
    char buffer[65536];
    for (;;) {
        pollfd p { socket.fd, POLLIN, 0 };
        if (::poll(&p, 1, remainingMs()) != 1) {
            response.error = QStringLiteral("timed out reading %1").arg(urlText);
            return response;
        }
        const ssize_t n = ::recv(socket.fd, buffer, sizeof buffer, 0);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            response.error = QStringLiteral("cannot read %1: %2").arg(urlText, QString::fromUtf8(std::strerror(errno)));
            return response;
        }
        raw.append(buffer, n);
        if (raw.size() > maxBytes) {
            response.error = QStringLiteral("%1 sent more than %2 MB").arg(urlText).arg(maxBytes >> 20);
            return response;
        }
    }
    const qsizetype headerEnd = raw.indexOf("\r\n\r\n");
    const QList<QByteArray> statusLine = raw.left(raw.indexOf("\r\n")).split(' ');
    if (headerEnd < 0 || statusLine.size() < 2 || !statusLine[0].startsWith("HTTP/")) {
        response.error = QStringLiteral("%1 did not answer in HTTP").arg(urlText);
        return response;
    }
    response.status = statusLine[1].toInt();
    response.body = raw.mid(headerEnd + 4);
    if (response.status != 200)
        response.error = QStringLiteral("%1 answered HTTP %2").arg(urlText).arg(response.status);
    return response;
}

} // namespace vigil
