// SPDX-License-Identifier: GPL-3.0-or-later
#include "tcpproxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

namespace vigil::test {

namespace {

sockaddr_in loopback(int port)
{
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(uint16_t(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}

} // namespace

TcpProxy::TcpProxy(int upstreamPort)
    : m_upstreamPort(upstreamPort)
{
    m_listenFd = ::socket(AF_INET, SOCK_STREAM, 0);
    const int one = 1;
    ::setsockopt(m_listenFd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in address = loopback(0);
    if (::bind(m_listenFd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
        || ::listen(m_listenFd, 16) != 0)
        throw std::runtime_error("proxy cannot listen");
    socklen_t length = sizeof address;
    ::getsockname(m_listenFd, reinterpret_cast<sockaddr *>(&address), &length);
    m_port = ntohs(address.sin_port);
    m_acceptThread = std::thread([this] { acceptLoop(); });
}

TcpProxy::~TcpProxy()
{
    m_stopping = true;
    ::shutdown(m_listenFd, SHUT_RDWR);
    m_acceptThread.join();
    ::close(m_listenFd);
    dropConnections();
}

void TcpProxy::acceptLoop()
{
    while (!m_stopping) {
        pollfd p { m_listenFd, POLLIN, 0 };
        if (::poll(&p, 1, 100) <= 0)
            continue;
        const int client = ::accept(m_listenFd, nullptr, nullptr);
        if (client < 0)
            continue;
        const int upstream = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address = loopback(m_upstreamPort);
        if (::connect(upstream, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
            ::close(client);
            ::close(upstream);
            continue;
        }
        const int one = 1;
        ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        ::setsockopt(upstream, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        ++m_accepted;
        ++m_open;
        std::lock_guard lock(m_mutex);
        m_sockets.push_back(client);
        m_sockets.push_back(upstream);
        m_pumps.emplace_back([this, client, upstream] { pump(client, upstream); });
    }
}

void TcpProxy::pump(int client, int upstream)
{
    char buffer[65536];
    pollfd fds[2] = { { client, POLLIN, 0 }, { upstream, POLLIN, 0 } };
    for (;;) {
        if (::poll(fds, 2, 200) < 0)
            break;
        bool closed = false;
        for (int i = 0; i < 2 && !closed; ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n <= 0) {
                closed = true;
                break;
            }
            const int to = fds[1 - i].fd;
            for (ssize_t sent = 0; sent < n;) {
                // send, not write: a peer that has gone raises SIGPIPE on write, which kills the test.
                const ssize_t w = ::send(to, buffer + sent, size_t(n - sent), MSG_NOSIGNAL);
                if (w <= 0) {
                    closed = true;
                    break;
                }
                sent += w;
            }
        }
        if (closed || m_stopping)
            break;
    }
    ::shutdown(client, SHUT_RDWR);
    ::shutdown(upstream, SHUT_RDWR);
    --m_open;
}

void TcpProxy::dropConnections()
{
    std::lock_guard lock(m_mutex);
    // shutdown() wakes the pump threads; the descriptors are closed here once, so
    // a pump can never write into a recycled descriptor number.
    for (int fd : m_sockets)
        ::shutdown(fd, SHUT_RDWR);
    for (std::thread &t : m_pumps)
        t.join();
    m_pumps.clear();
    for (int fd : m_sockets)
        ::close(fd);
    m_sockets.clear();
}

} // namespace vigil::test
