// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

#include <atomic>
#include <functional>
#include <thread>

namespace vigil::test {

// A one-route HTTP server on 127.0.0.1 answering every request with a fixed
// reply, as an exporter's /metrics endpoint would.
class HttpFixture
{
public:
    explicit HttpFixture(QByteArray rawReply);
    // Answers each request (its head, and the body its Content-Length announces) with what `reply` returns.
    explicit HttpFixture(std::function<QByteArray(const QByteArray &request)> reply);
    ~HttpFixture();
    int port() const { return m_port; }
    int requests() const { return m_requests.load(); }
    static QByteArray ok(const QByteArray &body);

private:
    void serve();
    std::function<QByteArray(const QByteArray &)> m_reply;
    int m_listenFd = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping { false };
    std::atomic<int> m_requests { 0 };
    std::thread m_thread;
};

// A loopback port nothing listens on now (for a server a test starts, or one that is gone).
int freeLoopbackPort();

} // namespace vigil::test
