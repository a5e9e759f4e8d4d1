// SPDX-License-Identifier: GPL-3.0-or-later
#include "photon_bench.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <random>
#include <thread>

namespace vigil::bench {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

double msSince(Clock::time_point from)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - from).count();
}

double percentileOf(std::vector<double> values, double p)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size() - 1) + 0.5))];
}

// Xvfb's screen as it stands now: with -fbdir its framebuffer is a file in XWD form, and the
// server draws straight into it, so a mapping of the file shows every pixel the moment it is drawn.
class ScreenPixels
{
public:
    ~ScreenPixels()
    {
        if (m_map)
            munmap(m_map, m_size);
    }
    bool open(const QString &path)
    {
        const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
        if (fd < 0)
            return false;
        struct stat st
        {
        };
        fstat(fd, &st);
        m_size = size_t(st.st_size);
        m_map = mmap(nullptr, m_size, PROT_READ, MAP_SHARED, fd, 0);
        ::close(fd);
        if (m_map == MAP_FAILED || m_size < 100) {
            m_map = nullptr;
            return false;
        }
        // The XWD header: CARD32s, most significant byte first.
        auto field = [this](int index) {
            const auto *b = static_cast<const uint8_t *>(m_map) + 4 * index;
            return uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | uint32_t(b[3]);
        };
        const uint32_t headerSize = field(0), bitsPerPixel = field(11), colours = field(19);
        width = int(field(4));
        height = int(field(5));
        m_stride = field(12);
        m_pixels = static_cast<const uint8_t *>(m_map) + headerSize + colours * 12;
        return bitsPerPixel == 32
            && size_t(m_pixels - static_cast<const uint8_t *>(m_map)) + size_t(m_stride) * size_t(height) <= m_size;
    }
    uint32_t at(size_t offset) const
    {
        uint32_t pixel;
        std::memcpy(&pixel, m_pixels + (offset / size_t(width)) * m_stride + (offset % size_t(width)) * 4, 4);
        return pixel;
    }
    std::vector<uint32_t> frame() const
    {
        std::vector<uint32_t> pixels(size_t(width) * size_t(height));
        for (int y = 0; y < height; ++y)
            std::memcpy(&pixels[size_t(y) * size_t(width)], m_pixels + size_t(y) * m_stride, size_t(width) * 4);
        return pixels;
    }

    int width = 0, height = 0;

private:
    void *m_map = nullptr;
    size_t m_size = 0;
    uint32_t m_stride = 0;
    const uint8_t *m_pixels = nullptr;
};

// Keys through the X server, as a keyboard gives them: XTEST, loaded at run time so that only
// the library (libxtst6), not its headers, is needed.
class Keyboard
{
public:
    ~Keyboard()
    {
        close();
        if (m_library)
            dlclose(m_library);
    }
    // Before the X server goes: Xlib ends the process when a connection breaks under it.
    void close()
    {
        if (m_display)
            XCloseDisplay(m_display);
        m_display = nullptr;
    }
    QString open(const QString &display)
    {
        m_library = dlopen("libXtst.so.6", RTLD_NOW);
        if (!m_library)
            return QStringLiteral("libXtst.so.6 is missing (Debian: libxtst6)");
        m_fakeKey = reinterpret_cast<FakeKey>(dlsym(m_library, "XTestFakeKeyEvent"));
        const auto deadline = Clock::now() + std::chrono::seconds(20);
        while (!m_display && Clock::now() < deadline) {
            m_display = XOpenDisplay(display.toLocal8Bit().constData());
            if (!m_display)
                std::this_thread::sleep_for(milliseconds(100));
        }
        return m_display && m_fakeKey ? QString() : QStringLiteral("cannot reach the X server %1").arg(display);
    }
    // The largest window shown: the dashboard's main window, once it is up.
    bool findWindow()
    {
        ::Window root = DefaultRootWindow(m_display), parent = 0, *children = nullptr;
        unsigned count = 0;
        if (!XQueryTree(m_display, root, &root, &parent, &children, &count))
            return false;
        int largest = 0;
        for (unsigned i = 0; i < count; ++i) {
            XWindowAttributes a;
            if (XGetWindowAttributes(m_display, children[i], &a) && a.map_state == IsViewable
                && a.width * a.height > largest) {
                largest = a.width * a.height;
                m_window = children[i];
            }
        }
        if (children)
            XFree(children);
        return largest >= 800 * 600;
    }
    void focus()
    {
        XSetInputFocus(m_display, m_window, RevertToPointerRoot, CurrentTime);
        // The pointer rests in a corner, off the map, where no tooltip comes up.
        XWarpPointer(m_display, None, DefaultRootWindow(m_display), 0, 0, 0, 0, 1, 1);
        XSync(m_display, False);
    }
    void press(KeySym symbol, bool control = false)
    {
        const unsigned key = XKeysymToKeycode(m_display, symbol);
        const unsigned ctrl = XKeysymToKeycode(m_display, XK_Control_L);
        if (control)
            m_fakeKey(m_display, ctrl, True, CurrentTime);
        m_fakeKey(m_display, key, True, CurrentTime);
        m_fakeKey(m_display, key, False, CurrentTime);
        if (control)
            m_fakeKey(m_display, ctrl, False, CurrentTime);
        XFlush(m_display);
    }

private:
    using FakeKey = int (*)(Display *, unsigned, int, unsigned long);
    void *m_library = nullptr;
    FakeKey m_fakeKey = nullptr;
    Display *m_display = nullptr;
    ::Window m_window = 0;
};

// The pixels that tell overlay A from overlay B and nothing else: the same in every frame of
// A, the same in every frame of B, and different between them (the toolbar's checked button,
// the legend's title). Live data moves the map's cells all the time; these move only on a key.
struct OverlayMask
{
    std::vector<size_t> offsets;
    std::vector<uint32_t> a, b;

    double matching(const ScreenPixels &screen, const std::vector<uint32_t> &target) const
    {
        size_t same = 0;
        for (size_t i = 0; i < offsets.size(); ++i)
            same += screen.at(offsets[i]) == target[i];
        return offsets.empty() ? 0.0 : double(same) / double(offsets.size());
    }
};

struct Scenario
{
    QString name;
    int gpus = 0;
    bool throughGateway = false;
    int minutes = 1;
};

struct Outcome
{
    QString error;
    std::vector<double> latencyMs; // key press → changed pixels, per press answered
    int unanswered = 0; // presses not shown within the limit
    // RSS is read after every press. Per minute: the median of the minute's readings, the
    // window and what it started (--demo's gateway) together, and the window's process alone.
    // A rebuilt analysis lives beside the one it replaces for a moment, so one reading a
    // minute swung by 70 MB between minutes; the medians show the trend, the peak the worst.
    std::vector<double> rssMb;
    std::vector<double> windowRssMb;
    double peakRssMb = 0.0, peakWindowRssMb = 0.0; // the largest reading of the run
    double quitSeconds = -1.0;
};

constexpr double NoAnswerMs = 15000.0;

// MB a minute after minute 2: the least-squares slope of the minutes' RSS from the second on.
double growthPerMinute(const std::vector<double> &rssMb)
{
    if (rssMb.size() < 3)
        return 0.0;
    const size_t n = rssMb.size() - 1;
    double meanX = 0.0, meanY = 0.0;
    for (size_t i = 1; i < rssMb.size(); ++i) {
        meanX += double(i) / double(n);
        meanY += rssMb[i] / double(n);
    }
    double covariance = 0.0, variance = 0.0;
    for (size_t i = 1; i < rssMb.size(); ++i) {
        covariance += (double(i) - meanX) * (rssMb[i] - meanY);
        variance += (double(i) - meanX) * (double(i) - meanX);
    }
    return covariance / variance;
}

double rssMbOf(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1.0;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return -1.0;
}

// The window's RSS with its children's (`vigil --demo` starts its gateway as one): what the
// user's machine holds for the session, comparable with the demo that ran in one process.
double rssMbWithChildren(qint64 pid)
{
    double mb = rssMbOf(pid);
    const QStringList processes = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : processes) {
        bool numeric = false;
        const qint64 child = entry.toLongLong(&numeric);
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!numeric || !stat.open(QIODevice::ReadOnly))
            continue;
        // pid (comm) state ppid ...: the name may hold spaces, so count from its closing parenthesis.
        const QByteArray text = stat.readAll();
        const QList<QByteArray> after = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (after.size() > 1 && after[1].toLongLong() == pid)
            mb += std::max(0.0, rssMbOf(child));
    }
    return mb;
}

// Without an event loop a QProcess learns of its child's end only when asked to wait.
bool isRunning(QProcess &process)
{
    return process.state() == QProcess::Running && !process.waitForFinished(0);
}

void stop(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(10000))
        process.kill();
    process.waitForFinished(5000);
}

// A free display number: one no lock file claims.
int freeDisplay()
{
    for (int n = 90 + int(getpid() % 50);; ++n)
        if (!QFile::exists(QStringLiteral("/tmp/.X%1-lock").arg(n)))
            return n;
}

Outcome run(const Scenario &scenario)
{
    Outcome out;
    QTemporaryDir dir;
    const QString binaries = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/");
    const QString display = QStringLiteral(":%1").arg(freeDisplay());
    QProcess xserver;
    xserver.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    xserver.start(QStringLiteral("Xvfb"),
                  { display, QStringLiteral("-screen"), QStringLiteral("0"), QStringLiteral("1920x1080x24"),
                    QStringLiteral("-fbdir"), dir.path(), QStringLiteral("-nolisten"), QStringLiteral("tcp") });
    if (!xserver.waitForStarted(10000)) {
        out.error = QStringLiteral("Xvfb did not start (Debian: xvfb)");
        return out;
    }
    Keyboard keyboard;
    if (QString error = keyboard.open(display); !error.isEmpty()) {
        out.error = error;
        stop(xserver);
        return out;
    }
    ScreenPixels screen;
    if (!screen.open(dir.filePath(QStringLiteral("Xvfb_screen0")))) {
        out.error = QStringLiteral("cannot map Xvfb's framebuffer");
        keyboard.close();
        stop(xserver);
        return out;
    }

    QProcess gateway;
    QStringList arguments;
    if (scenario.throughGateway) {
        gateway.setProcessChannelMode(QProcess::MergedChannels); // it speaks on stderr
        gateway.start(binaries + QStringLiteral("vigil-gateway"),
                      { QStringLiteral("--gpus"), QString::number(scenario.gpus), QStringLiteral("--listen"),
                        QStringLiteral("127.0.0.1:0") });
        QString address;
        while (address.isEmpty() && gateway.waitForReadyRead(120000)) {
            const QString line = QString::fromUtf8(gateway.readAll());
            const qsizetype at = line.indexOf(QLatin1String("127.0.0.1:"));
            if (at >= 0)
                address = line.mid(at).section(u' ', 0, 0).trimmed();
        }
        if (address.isEmpty()) {
            out.error = QStringLiteral("the gateway did not start");
            stop(gateway);
            stop(xserver);
            return out;
        }
        gateway.setProcessChannelMode(QProcess::ForwardedChannels);
        arguments = { QStringLiteral("--gateway"), address };
    } else {
        arguments = { QStringLiteral("--demo"), QStringLiteral("--gpus"), QString::number(scenario.gpus) };
    }
    // As an operator runs it, recording the stream (into a file of the benchmark's own), with
    // settings of its own.
    arguments << QStringLiteral("--record") << dir.filePath(QStringLiteral("session.vigil"))
              << QStringLiteral("-qwindowgeometry") << QStringLiteral("1920x1080+0+0");
    QProcess dashboard;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DISPLAY"), display);
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    dashboard.setProcessEnvironment(environment);
    dashboard.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    dashboard.start(binaries + QStringLiteral("vigil"), arguments);
    dashboard.waitForStarted(30000);
    const auto started = Clock::now();
    auto finish = [&] {
        stop(dashboard);
        stop(gateway);
        keyboard.close();
        stop(xserver);
        if (!out.error.isEmpty())
            QTextStream(stderr) << scenario.name << ": " << out.error << Qt::endl;
    };
    while (!keyboard.findWindow() && msSince(started) < 180000 && isRunning(dashboard))
        std::this_thread::sleep_for(milliseconds(200));
    if (!isRunning(dashboard) || msSince(started) >= 180000) {
        out.error = QStringLiteral("the window did not come up");
        finish();
        return out;
    }
    const auto shown = Clock::now();
    keyboard.focus();

    // Learn the pixels that tell the temperature overlay (key 1) from the power overlay (key 2),
    // with time enough for even a slow window to show each.
    constexpr auto settle = std::chrono::seconds(8);
    std::this_thread::sleep_for(std::chrono::seconds(5));
    std::vector<std::vector<uint32_t>> as, bs;
    for (int round = 0; round < 2; ++round) {
        keyboard.press(XK_1);
        std::this_thread::sleep_for(settle);
        as.push_back(screen.frame());
        std::this_thread::sleep_for(std::chrono::seconds(1));
        as.push_back(screen.frame());
        keyboard.press(XK_2);
        std::this_thread::sleep_for(settle);
        bs.push_back(screen.frame());
        std::this_thread::sleep_for(std::chrono::seconds(1));
        bs.push_back(screen.frame());
    }
    OverlayMask mask;
    for (size_t p = 0; p < as.front().size(); ++p) {
        const bool steadyA = std::all_of(as.begin(), as.end(), [&](const auto &f) { return f[p] == as[0][p]; });
        const bool steadyB = std::all_of(bs.begin(), bs.end(), [&](const auto &f) { return f[p] == bs[0][p]; });
        if (steadyA && steadyB && as[0][p] != bs[0][p]) {
            mask.offsets.push_back(p);
            mask.a.push_back(as[0][p]);
            mask.b.push_back(bs[0][p]);
        }
    }
    if (mask.offsets.size() < 50) {
        out.error = QStringLiteral("the overlay keys changed no steady pixels (%1)").arg(mask.offsets.size());
        finish();
        return out;
    }

    // Now the presses: one every 1.5–2.5 s (never in step with the window's refresh), each
    // timed from the key leaving this process to the first poll that finds the screen showing
    // it, the screen polled every millisecond.
    std::mt19937 random(7);
    std::uniform_int_distribution<int> pause(1500, 2500);
    bool showingB = true;
    const auto end = shown + std::chrono::minutes(scenario.minutes);
    auto nextMinute = shown + std::chrono::minutes(1);
    std::vector<double> minuteRss, minuteWindowRss;
    while (Clock::now() < end && isRunning(dashboard)) {
        const std::vector<uint32_t> &target = showingB ? mask.a : mask.b;
        const auto pressed = Clock::now();
        keyboard.press(showingB ? XK_1 : XK_2);
        double took = -1.0;
        while (msSince(pressed) < NoAnswerMs) {
            if (mask.matching(screen, target) >= 0.9) {
                took = msSince(pressed);
                break;
            }
            std::this_thread::sleep_for(milliseconds(1));
        }
        if (took < 0.0)
            ++out.unanswered;
        else
            out.latencyMs.push_back(took);
        showingB = !showingB;
        std::this_thread::sleep_for(milliseconds(pause(random)));
        minuteRss.push_back(rssMbWithChildren(dashboard.processId()));
        minuteWindowRss.push_back(rssMbOf(dashboard.processId()));
        out.peakRssMb = std::max(out.peakRssMb, minuteRss.back());
        out.peakWindowRssMb = std::max(out.peakWindowRssMb, minuteWindowRss.back());
        while (Clock::now() >= nextMinute) {
            out.rssMb.push_back(percentileOf(minuteRss, 0.5));
            out.windowRssMb.push_back(percentileOf(minuteWindowRss, 0.5));
            minuteRss.clear();
            minuteWindowRss.clear();
            QTextStream(stdout) << scenario.name << ", minute " << out.rssMb.size() << ": " << out.rssMb.back()
                                << " MB RSS, the minute's median (the window " << out.windowRssMb.back()
                                << " MB), key → pixels p50 " << percentileOf(out.latencyMs, 0.5) << " ms, p99 "
                                << percentileOf(out.latencyMs, 0.99) << " ms, worst "
                                << percentileOf(out.latencyMs, 1.0) << " ms, " << out.unanswered << " unanswered"
                                << Qt::endl;
            nextMinute += std::chrono::minutes(1);
        }
    }
    if (!isRunning(dashboard)) {
        out.error = QStringLiteral("the dashboard stopped during the run");
        finish();
        return out;
    }
    const auto quitting = Clock::now();
    keyboard.press(XK_q, true);
    if (dashboard.waitForFinished(60000))
        out.quitSeconds = msSince(quitting) / 1000.0;
    finish();
    return out;
}

} // namespace

void runLiveWindowBenchmark(BenchReport &report)
{
    const int minutes = qEnvironmentVariableIntValue("VIGIL_BENCH_WINDOW_MINUTES") > 0
        ? qEnvironmentVariableIntValue("VIGIL_BENCH_WINDOW_MINUTES")
        : 10;
    const int baselineMinutes = std::max(1, minutes / 5);
    struct Pair
    {
        QString figure;
        bool throughGateway;
    };
    // VIGIL_BENCH_WINDOW_ONLY=live or gateway runs one scenario.
    const QString only = qEnvironmentVariable("VIGIL_BENCH_WINDOW_ONLY");
    for (const Pair &pair : { Pair { QStringLiteral("live"), false }, Pair { QStringLiteral("gateway"), true } }) {
        if (!only.isEmpty() && only != pair.figure)
            continue;
        const QString how
            = pair.throughGateway ? QStringLiteral("vigil --gateway (real time)") : QStringLiteral("vigil --demo");
        const Outcome small = run({ how + QStringLiteral(", 2,048 GPUs"), 2048, pair.throughGateway, baselineMinutes });
        const Outcome large = run({ how + QStringLiteral(", 100,000 GPUs"), 100000, pair.throughGateway, minutes });
        for (const Outcome *o : { &small, &large })
            if (!o->error.isEmpty())
                QTextStream(stderr) << "live window (" << how << "): " << o->error << Qt::endl;
        if (!small.error.isEmpty() || !large.error.isEmpty())
            continue;
        // A press never shown counts as the limit, so that it weighs on the percentiles.
        auto withUnanswered = [](const Outcome &o) {
            std::vector<double> all = o.latencyMs;
            all.insert(all.end(), size_t(o.unanswered), NoAnswerMs);
            return all;
        };
        const std::vector<double> l = withUnanswered(large), s = withUnanswered(small);
        const double p99 = percentileOf(l, 0.99), p99Small = percentileOf(s, 0.99);
        const double p50 = percentileOf(l, 0.5), p50Small = percentileOf(s, 0.5);
        const double worst = percentileOf(l, 1.0);
        const double growth = growthPerMinute(large.rssMb);
        QTextStream(stdout) << how << ", 100k GPUs for " << minutes << " min: " << l.size() << " presses, p50 " << p50
                            << " ms, p99 " << p99 << " ms, worst " << worst << " ms, " << large.unanswered
                            << " unanswered; RSS " << (large.rssMb.empty() ? 0.0 : large.rssMb.back())
                            << " MB (median of the last minute; peak " << large.peakRssMb << " MB), growing " << growth
                            << " MB/min after minute 2; quit " << large.quitSeconds << " s (2,048 GPUs: p99 "
                            << p99Small << " ms, quit " << small.quitSeconds << " s)" << Qt::endl;
        const QString stem = QStringLiteral("ui_key_to_photon_100k_") + pair.figure;
        report.add(
            { stem + QStringLiteral("_p99_ms"), p99, QStringLiteral("ms"), p99Small, p99 > 0 ? p99Small / p99 : 0 });
        report.add(
            { stem + QStringLiteral("_p50_ms"), p50, QStringLiteral("ms"), p50Small, p50 > 0 ? p50Small / p50 : 0 });
        report.add({ stem + QStringLiteral("_worst_ms"), worst, QStringLiteral("ms"), percentileOf(s, 1.0),
                     worst > 0 ? percentileOf(s, 1.0) / worst : 0 });
        const double rss = large.peakRssMb, rssSmall = small.peakRssMb;
        const QString rssName = pair.throughGateway ? QStringLiteral("dashboard_100k_gateway_rss_mb")
                                                    : QStringLiteral("dashboard_100k_live_rss_mb");
        report.add({ rssName, rss, QStringLiteral("MB"), rssSmall, rss > 0 ? rssSmall / rss : 0 });
        const double window = large.peakWindowRssMb, windowSmall = small.peakWindowRssMb;
        report.add({ rssName.chopped(7) + QStringLiteral("_window_rss_mb"), window, QStringLiteral("MB"), windowSmall,
                     window > 0 ? windowSmall / window : 0 });
        report.add({ rssName + QStringLiteral("_growth_per_min"), growth, QStringLiteral("MB/min"), 1.0,
                     growth > 0 ? 1.0 / growth : 0 });
        const QString quitName
            = pair.throughGateway ? QStringLiteral("quit_100k_gateway_s") : QStringLiteral("quit_100k_s");
        report.add({ quitName, large.quitSeconds, QStringLiteral("s"), small.quitSeconds,
                     large.quitSeconds > 0 ? small.quitSeconds / large.quitSeconds : 0 });
    }
}

} // namespace vigil::bench
