// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace vigil::test {

// A TCP forwarder on 127.0.0.1 that can drop every connection on command: the
// way a flaky network (or a restarted load balancer) cuts a long gRPC stream
// while the gateway behind it keeps running.
class TcpProxy
{
public:
    explicit TcpProxy(int upstreamPort);
    ~TcpProxy();

    int port() const { return m_port; }
    // Closes every open connection (both sides); new ones are accepted again.
    void dropConnections();
    int connectionsAccepted() const { return m_accepted.load(); }
    // Connections accepted and not yet closed by either side.
    int connectionsOpen() const { return m_open.load(); }

private:
    void acceptLoop();
    void pump(int client, int upstream);

    int m_upstreamPort;
    int m_listenFd = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping { false };
    std::atomic<int> m_accepted { 0 };
    std::atomic<int> m_open { 0 };
    std::thread m_acceptThread;
    std::mutex m_mutex;
    std::vector<int> m_sockets;
    std::vector<std::thread> m_pumps;
};

} // namespace vigil::test
