// SPDX-License-Identifier: GPL-3.0-or-later
#include "replaybar.h"

#include "recording/replayfeed.h"
#include "timeline/timelinewidget.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace vigil {

namespace {

constexpr int TickMs = 50;

enum class Glyph
{
    Start,
    Back,
    Play,
    Pause,
    Forward
};

// Light on the dark palette (the style's media icons are drawn for light backgrounds).
QIcon transportIcon(Glyph glyph)
{
    QPixmap pixmap(40, 40);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0xe6, 0xed, 0xf3));
    auto triangle = [&p](double x0, double x1) { // pointing from x0 to x1
        const QPointF t[] = { { x0, 8.0 }, { x1, 20.0 }, { x0, 32.0 } };
        p.drawPolygon(t, 3);
    };
    switch (glyph) {
    case Glyph::Start:
        p.drawRect(QRectF(8, 8, 4, 24));
        triangle(32, 13);
        break;
    case Glyph::Back:
        triangle(26, 8);
        p.drawRect(QRectF(28, 8, 4, 24));
        break;
    case Glyph::Play:
        triangle(10, 32);
        break;
    case Glyph::Pause:
        p.drawRect(QRectF(10, 8, 7, 24));
        p.drawRect(QRectF(23, 8, 7, 24));
        break;
    case Glyph::Forward:
        p.drawRect(QRectF(8, 8, 4, 24));
        triangle(14, 32);
        break;
    }
    return QIcon(pixmap);
}

QString speedLabel(double speed)
{
    return QStringLiteral("%1×").arg(QLocale().toString(speed, 'g', 4));
}

} // namespace

ReplayBar::ReplayBar(QWidget *parent)
    : QWidget(parent)
    , m_timeline(new TimelineWidget(this))
    , m_start(new QToolButton(this))
    , m_back(new QToolButton(this))
    , m_play(new QToolButton(this))
    , m_forward(new QToolButton(this))
    , m_speed(new QComboBox(this))
    , m_bookmark(new QToolButton(this))
    , m_live(new QToolButton(this))
    , m_title(new QLabel(this))
    , m_timer(new QTimer(this))
{
    auto *controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    for (QToolButton *b : { m_start, m_back, m_play, m_forward })
        controls->addWidget(b);
    for (double s : ReplayClock::speeds())
        m_speed->addItem(speedLabel(s), s);
    controls->addWidget(m_speed);
    controls->addWidget(m_bookmark);
    controls->addSpacing(12);
    controls->addWidget(m_title, 1);
    controls->addWidget(m_live);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setSpacing(2);
    layout->addLayout(controls);
    layout->addWidget(m_timeline);

    m_start->setIcon(transportIcon(Glyph::Start));
    m_back->setIcon(transportIcon(Glyph::Back));
    m_forward->setIcon(transportIcon(Glyph::Forward));
    m_live->setStyleSheet(QStringLiteral("QToolButton { color: #3fb950; font-weight: bold; }"));
    m_title->setStyleSheet(QStringLiteral("color:#58a6ff; font-weight:bold"));
    retranslate();

    connect(m_start, &QToolButton::clicked, this, [this] { seek(m_clock.startMs()); });
    connect(m_back, &QToolButton::clicked, this, [this] { step(-1); });
    connect(m_forward, &QToolButton::clicked, this, [this] { step(+1); });
    connect(m_play, &QToolButton::clicked, this, &ReplayBar::togglePlaying);
    connect(m_speed, &QComboBox::activated, this, [this](int i) { setSpeed(m_speed->itemData(i).toDouble()); });
    connect(m_bookmark, &QToolButton::clicked, this, [this] { Q_EMIT bookmarkRequested(m_clock.position()); });
    connect(m_live, &QToolButton::clicked, this, &ReplayBar::liveRequested);
    connect(m_timeline, &TimelineWidget::seekRequested, this, [this](int64_t t, bool final) {
        m_scrubbing = !final;
        seek(t);
    });
    connect(m_timeline, &TimelineWidget::stepRequested, this, &ReplayBar::step);
    connect(m_timeline, &TimelineWidget::playToggled, this, &ReplayBar::togglePlaying);
    connect(m_timeline, &TimelineWidget::bookmarkRequested, this,
            [this] { Q_EMIT bookmarkRequested(m_clock.position()); });
    connect(m_timer, &QTimer::timeout, this, &ReplayBar::tick);
    setSpeed(60.0);
}

void ReplayBar::retranslate()
{
    m_start->setToolTip(tr("Go to the start of the recording (Home)"));
    m_back->setToolTip(tr("Previous frame (←)"));
    m_forward->setToolTip(tr("Next frame (→)"));
    m_speed->setToolTip(tr("Replay speed: simulated seconds per second"));
    m_bookmark->setText(tr("Bookmark"));
    m_bookmark->setToolTip(tr("Add a bookmark with a note at this instant, stored in the recording (B)"));
    m_live->setText(tr("Back to live"));
    m_live->setToolTip(tr("Leave the replay and show the live cluster again"));
    updateControls();
}

void ReplayBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ReplayBar::setFeed(ReplayFeed *feed)
{
    m_feed = feed;
    m_clock.pause();
    m_overviewGeneration = 0;
    if (!feed) {
        m_timer->stop();
        m_timeline->setOverview({});
        return;
    }
    const RecordingOverview overview = feed->overview();
    m_overviewGeneration = feed->overviewGeneration();
    m_timeline->setOverview(overview);
    m_clock.setRange(overview.startMs, overview.endMs);
    m_clock.setPosition(feed->shownMs());
    m_timeline->setPosition(m_clock.position());
    m_wall.start();
    m_timer->start(TickMs);
    updateControls();
}

void ReplayBar::togglePlaying()
{
    if (!m_feed)
        return;
    m_clock.togglePlaying();
    m_wall.restart();
    updateControls();
}

void ReplayBar::setSpeed(double speed)
{
    m_clock.setSpeed(speed);
    const int i = m_speed->findData(m_clock.speed());
    if (i >= 0)
        m_speed->setCurrentIndex(i);
    updateControls();
}

void ReplayBar::seek(int64_t timeMs)
{
    if (!m_feed)
        return;
    m_stepPending = false;
    m_clock.setPosition(timeMs);
    m_timeline->setPosition(m_clock.position());
    m_feed->seek(m_clock.position(), false);
    updateControls();
}

void ReplayBar::step(int direction)
{
    if (!m_feed)
        return;
    m_clock.pause();
    m_stepPending = true;
    m_stepFrom = m_feed->shownMs();
    m_feed->step(direction);
    updateControls();
}

void ReplayBar::tick()
{
    if (!m_feed)
        return;
    const double elapsed = double(m_wall.restart());
    if (m_feed->overviewGeneration() != m_overviewGeneration) {
        // The recording grew (another Vigil is still writing it) or gained a bookmark.
        const RecordingOverview overview = m_feed->overview();
        m_overviewGeneration = m_feed->overviewGeneration();
        m_clock.setRange(overview.startMs, overview.endMs);
        m_timeline->setOverview(overview);
    }
    const bool wasPlaying = m_clock.isPlaying();
    if (m_clock.advance(elapsed))
        m_feed->seek(m_clock.position(), true);
    else if (m_stepPending && m_feed->shownMs() != m_stepFrom) {
        m_stepPending = false;
        m_clock.setPosition(m_feed->shownMs()); // a frame step lands where the recording has a frame
    }
    // One clock on screen: the cursor stands where the views are (the instant the feed
    // last served), as the status bar's cluster time does, not where the clock has
    // run ahead to while the feed serves it (at 3600× a few ms are many seconds).
    if (!m_scrubbing)
        m_timeline->setPosition(m_feed->shownMs() > 0 ? m_feed->shownMs() : m_clock.position());
    if (wasPlaying != m_clock.isPlaying())
        updateControls();
}

void ReplayBar::updateControls()
{
    if (m_clock.isPlaying() != m_wasPlaying) {
        m_wasPlaying = m_clock.isPlaying();
        Q_EMIT playingChanged(m_wasPlaying);
    }
    m_play->setIcon(transportIcon(m_clock.isPlaying() ? Glyph::Pause : Glyph::Play));
    m_play->setToolTip(m_clock.isPlaying() ? tr("Pause (Space)") : tr("Play (Space)"));
    m_title->setText(describe());
}

QString ReplayBar::describe() const
{
    if (!m_feed)
        return {};
    return tr("REPLAY %1 · %2 · %3")
        .arg(QFileInfo(m_feed->path()).fileName(), speedLabel(m_clock.speed()),
             m_clock.isPlaying() ? tr("playing") : tr("paused"));
}

} // namespace vigil
