// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpfixture.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace vigil::test {

QByteArray HttpFixture::ok(const QByteArray &body)
{
    return "HTTP/1.0 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length);
    ::close(fd);
    return ntohs(address.sin_port);
}

HttpFixture::HttpFixture(QByteArray rawReply)
    : HttpFixture([rawReply](const QByteArray &) { return rawReply; })
{ }

HttpFixture::HttpFixture(std::function<QByteArray(const QByteArray &)> reply)
    : m_reply(std::move(reply))
{
    serve();
}

void HttpFixture::serve()
{
    m_listenFd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(m_listenFd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 || ::listen(m_listenFd, 8) != 0)
        throw std::runtime_error("http fixture cannot listen");
    socklen_t length = sizeof address;
    ::getsockname(m_listenFd, reinterpret_cast<sockaddr *>(&address), &length);
    m_port = ntohs(address.sin_port);
    m_thread = std::thread([this] {
        while (!m_stopping) {
            pollfd p { m_listenFd, POLLIN, 0 };
            if (::poll(&p, 1, 100) <= 0)
                continue;
            const int client = ::accept(m_listenFd, nullptr, nullptr);
            if (client < 0)
                continue;
            QByteArray request;
            // Reads until `done` says so, or the client stops sending for a second.
            const auto readUntil = [&](auto done) {
                char buffer[4096];
                while (!done()) {
                    pollfd c { client, POLLIN, 0 };
                    if (::poll(&c, 1, 1000) <= 0)
                        return;
                    const ssize_t n = ::read(client, buffer, sizeof buffer);
                    if (n <= 0)
                        return;
                    request.append(buffer, n);
                }
            };
            readUntil([&] { return request.contains("\r\n\r\n"); });
            // A POST's body too, as long as its Content-Length says (a webhook's payload).
            const qsizetype headEnd = request.indexOf("\r\n\r\n");
            const qsizetype at = request.toLower().indexOf("\r\ncontent-length:");
            if (headEnd >= 0 && at >= 0 && at < headEnd) {
                const qsizetype lineEnd = request.indexOf("\r\n", at + 2);
                const qsizetype length = request.mid(at + 17, lineEnd - at - 17).trimmed().toLongLong();
                readUntil([&] { return request.size() >= headEnd + 4 + length; });
            }
            ++m_requests;
            const QByteArray reply = m_reply(request);
            for (qsizetype sent = 0; sent < reply.size();) {
                // send, not write: a client that has hung up raises SIGPIPE on write.
                const ssize_t n = ::send(client, reply.constData() + sent, size_t(reply.size() - sent), MSG_NOSIGNAL);
                if (n <= 0)
                    break;
                sent += n;
            }
            ::close(client);
        }
    });
}

HttpFixture::~HttpFixture()
{
    m_stopping = true;
    m_thread.join();
    ::close(m_listenFd);
}

} // namespace vigil::test
