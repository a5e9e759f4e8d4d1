// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "recording/recorder.h"

#include <QAction>
#include <QLabel>
#include <QObject>

#include <memory>

class QTimer;

namespace vigil {

class StreamRecording;

// The dashboard's flight recorder: records the live stream into a file per
// session (or the one named on the command line) while the dashboard runs.
class RecorderControl : public QObject
{
    Q_OBJECT
public:
    RecorderControl(StreamRecording &tap, QObject *parent = nullptr);
    ~RecorderControl() override;

    // Where sessions are recorded unless told otherwise, and a new session's file name there.
    static QString defaultDirectory();
    static QString newSessionPath();
    // Deletes the oldest session recordings in the default folder until those
    // left take at most `maxTotalBytes` (`keep`, the one being written, is never
    // touched). Returns how many were deleted. Runs on any thread.
    static int pruneOldSessions(int64_t maxTotalBytes, const QString &keep);

    // Starts recording into `path` (created or appended to), waiting for the file
    // to open; an error says why not. For start-up, before the window shows.
    QString start(const QString &path);
    // Flushes and closes the recording, waiting for it (shutdown).
    void stop();
    // The same from the window, without waiting on the disk: the file is opened,
    // and the recording before it flushed and closed, in the thread pool.
    // switchedOn follows switchOn, with the error if any; a switch that a later one
    // overtook is undone quietly.
    void switchOn(const QString &path);
    void switchOff();
    bool isRecording() const { return m_recorder != nullptr; }
    QString path() const;
    RecorderStatus status() const;
    void setMaxFileBytes(int64_t bytes) { m_maxFileBytes = bytes; }

Q_SIGNALS:
    void recordingChanged(bool recording);
    void switchedOn(const QString &error);

private:
    void attach(std::shared_ptr<Recorder> recorder);

    StreamRecording &m_tap;
    std::shared_ptr<Recorder> m_recorder;
    uint64_t m_switches = 0; // the newest switchOn or switchOff
    int64_t m_maxFileBytes = 0;
};

// The status bar's account of the recorder: a red dot and the size while it
// records, amber with the reason when it is paused (disk full), nothing when off.
class RecorderIndicator : public QLabel
{
    Q_OBJECT
public:
    explicit RecorderIndicator(RecorderControl &control, QWidget *parent = nullptr);
    void refresh();

private:
    RecorderControl &m_control;
    QTimer *m_timer;
};

// File → Record the live stream: switches the flight recorder (remembered for the
// next start); a recorder that cannot start says why.
class RecordAction : public QAction
{
    Q_OBJECT
public:
    explicit RecordAction(QWidget *window);
    void setControl(RecorderControl *control);

private:
    void switchRecorder(bool on);

    QWidget *m_window;
    RecorderControl *m_control = nullptr;
};

} // namespace vigil
