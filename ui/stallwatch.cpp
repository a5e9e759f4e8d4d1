// SPDX-License-Identifier: GPL-3.0-or-later
#include "stallwatch.h"

#include "domain/sanitizers.h"

#include <QTextStream>
#include <QTimer>

#include <csignal>
#include <cxxabi.h>
#include <execinfo.h>
#include <pthread.h>

namespace vigil {

namespace {

constexpr int StackSignal = SIGUSR2;
constexpr int MaxFrames = 18; // the stall's own 16 frames: enough to name it, short enough to read
void *g_frames[MaxFrames];
std::atomic<int> g_depth { -1 };
std::atomic<StallWatch *> g_active { nullptr };
pthread_t g_guiThread;

// Runs on the GUI thread, interrupted in its stall: backtrace() only reads the stack (loaded
// once beforehand, so it allocates nothing here).
void takeStack(int)
{
    g_depth.store(backtrace(g_frames, MaxFrames), std::memory_order_release);
}

// "binary(mangled+0x1f) [address]" as "binary: name +0x1f".
QString readableFrame(const char *symbol)
{
    const QString frame = QString::fromLocal8Bit(symbol);
    const qsizetype open = frame.indexOf(u'('), plus = frame.indexOf(u'+', open), close = frame.indexOf(u')', open);
    if (open < 0 || plus < 0 || close < plus || plus == open + 1)
        return frame;
    const QByteArray mangled = frame.mid(open + 1, plus - open - 1).toLocal8Bit();
    int status = -1;
    char *name = abi::__cxa_demangle(mangled.constData(), nullptr, nullptr, &status);
    const QString readable = status == 0 && name ? QString::fromLocal8Bit(name) : QString::fromLocal8Bit(mangled);
    free(name);
    return QStringLiteral("%1: %2 %3").arg(frame.left(open).section(u'/', -1), readable, frame.mid(plus, close - plus));
}

int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

std::chrono::milliseconds StallWatch::thresholdByDefault()
{
    const int ms = qEnvironmentVariableIntValue("VIGIL_STALL_WATCH_MS");
    return std::chrono::milliseconds(ms > 0 ? ms : 50);
}

bool StallWatch::wantedByDefault()
{
#if !defined(NDEBUG) || VIGIL_UNDER_ASAN
    return true;
#else
    return qEnvironmentVariableIntValue("VIGIL_STALL_WATCH") == 1;
#endif
}

StallWatch::StallWatch(std::chrono::milliseconds threshold, QObject *parent)
    : QObject(parent)
    , m_threshold(threshold)
    , m_beat(new QTimer(this))
{
    StallWatch *none = nullptr;
    if (!g_active.compare_exchange_strong(none, this))
        return; // another watch has the GUI thread already
    g_guiThread = pthread_self();
    void *warm[2];
    backtrace(warm, 2); // loads what backtrace() needs now, not in the signal handler
    struct sigaction action
    {
    };
    action.sa_handler = takeStack;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(StackSignal, &action, nullptr);
    m_lastBeatNs = nowNs();
    m_beat->setTimerType(Qt::PreciseTimer);
    connect(m_beat, &QTimer::timeout, this, [this] { m_lastBeatNs.store(nowNs()); });
    m_beat->start(10);
    m_watcher.start(std::chrono::milliseconds(10), [this] { watch(); });
}

StallWatch::~StallWatch()
{
    m_watcher.stop();
    StallWatch *self = this;
    if (g_active.compare_exchange_strong(self, nullptr))
        signal(StackSignal, SIG_DFL);
}

QString StallWatch::lastReport() const
{
    std::lock_guard lock(m_mutex);
    return m_lastReport;
}

void StallWatch::watch()
{
    const int64_t lastBeat = m_lastBeatNs.load();
    if (!m_inStall) {
        if (nowNs() - lastBeat > std::chrono::nanoseconds(m_threshold).count()) {
            m_inStall = true;
            m_stallSinceNs = lastBeat;
            g_depth.store(-1);
            pthread_kill(g_guiThread, StackSignal);
        }
        return;
    }
    if (lastBeat == m_stallSinceNs)
        return; // still stalled
    m_inStall = false;
    const int64_t stalledMs = (lastBeat - m_stallSinceNs) / 1000000;
    QString report;
    QTextStream out(&report);
    out << "vigil: the GUI thread stalled for " << stalledMs << " ms; " << m_threshold.count()
        << " ms in, it was in:\n";
    const int depth = g_depth.load(std::memory_order_acquire);
    if (depth > 0) {
        char **names = backtrace_symbols(g_frames, depth);
        for (int i = 2; i < depth && names; ++i) // past the handler and the signal's trampoline
            out << "    " << readableFrame(names[i]) << '\n';
        free(names);
    } else {
        out << "    (no stack taken)\n";
    }
    out.flush();
    QTextStream(stderr) << report << Qt::flush;
    {
        std::lock_guard lock(m_mutex);
        m_lastReport = report;
    }
    m_stalls.fetch_add(1);
}

} // namespace vigil
