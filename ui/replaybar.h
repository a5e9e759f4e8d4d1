// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "recording/replayclock.h"

#include <QElapsedTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;
class QTimer;

namespace vigil {

class ReplayFeed;
class TimelineWidget;

// Replay controls along the bottom of the window: the timeline, play/pause,
// frame steps, the speed, and the way back to live. Owns the replay clock and
// drives the feed with it; the feed does the reading.
class ReplayBar : public QWidget
{
    Q_OBJECT
public:
    explicit ReplayBar(QWidget *parent = nullptr);

    // The feed to drive; nullptr when live.
    void setFeed(ReplayFeed *feed);
    ReplayFeed *feed() const { return m_feed; }
    ReplayClock &clock() { return m_clock; }
    TimelineWidget *timeline() const { return m_timeline; }

    void togglePlaying();
    void setSpeed(double speed);
    void seek(int64_t timeMs);
    void step(int direction);
    // What the status bar says about the replay.
    QString describe() const;

Q_SIGNALS:
    void liveRequested();
    void bookmarkRequested(int64_t timeMs);
    // Playing started or stopped (by a key, a button, a seek, or the end of the recording).
    void playingChanged(bool playing);

protected:
    void changeEvent(QEvent *event) override;

private:
    void tick();
    void updateControls();
    void retranslate();

    ReplayFeed *m_feed = nullptr;
    bool m_wasPlaying = false; // as last announced
    ReplayClock m_clock;
    QElapsedTimer m_wall;
    uint64_t m_overviewGeneration = 0;
    bool m_scrubbing = false;
    bool m_stepPending = false;
    int64_t m_stepFrom = 0;
    TimelineWidget *m_timeline;
    QToolButton *m_start;
    QToolButton *m_back;
    QToolButton *m_play;
    QToolButton *m_forward;
    QComboBox *m_speed;
    QToolButton *m_bookmark;
    QToolButton *m_live;
    QLabel *m_title;
    QTimer *m_timer;
};

} // namespace vigil
