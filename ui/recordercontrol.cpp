// SPDX-License-Identifier: GPL-3.0-or-later
#include "recordercontrol.h"

#include "recording/streamrecording.h"

#include "whenfinished.h"
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QThreadPool>
#include <QTimer>

#include <QtConcurrent/QtConcurrentRun>

namespace vigil {

RecorderControl::RecorderControl(StreamRecording &tap, QObject *parent)
    : QObject(parent)
    , m_tap(tap)
{ }

RecorderControl::~RecorderControl()
{
    stop();
}

QString RecorderControl::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recordings");
}

QString RecorderControl::newSessionPath()
{
    return defaultDirectory()
        + QStringLiteral("/vigil-%1.vigil")
              .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

int RecorderControl::pruneOldSessions(int64_t maxTotalBytes, const QString &keep)
{
    // Only the files this class names (vigil-YYYYMMDD-HHMMSS.vigil), newest first.
    const QFileInfoList sessions
        = QDir(defaultDirectory()).entryInfoList({ QStringLiteral("vigil-*.vigil") }, QDir::Files, QDir::Name);
    const QString current = keep.isEmpty() ? QString() : QFileInfo(keep).absoluteFilePath();
    int64_t kept = 0;
    int deleted = 0;
    for (auto it = sessions.crbegin(); it != sessions.crend(); ++it) {
        if (it->absoluteFilePath() == current)
            continue;
        kept += it->size();
        if (kept > maxTotalBytes) {
            for (const QString &suffix : { QString(), QStringLiteral("-wal"), QStringLiteral("-shm") })
                QFile::remove(it->absoluteFilePath() + suffix);
            ++deleted;
        }
    }
    return deleted;
}

namespace {

struct OpenedRecorder
{
    std::shared_ptr<Recorder> recorder;
    QString error;
};

OpenedRecorder openRecorder(const RecorderOptions &options)
{
    QDir().mkpath(QFileInfo(options.path).absolutePath());
    OpenedRecorder opened;
    auto recorder = std::make_shared<Recorder>(options);
    opened.error = recorder->start();
    if (opened.error.isEmpty())
        opened.recorder = std::move(recorder);
    return opened;
}

// The last hold on a recorder, let go in the thread pool: its final commit and
// join happen there.
void closeInBackground(std::shared_ptr<Recorder> recorder)
{
    if (recorder)
        QThreadPool::globalInstance()->start([recorder = std::move(recorder)]() mutable {
            recorder->stop();
            recorder.reset();
        });
}

} // namespace

QString RecorderControl::start(const QString &path)
{
    stop();
    RecorderOptions options;
    options.path = path;
    options.maxFileBytes = m_maxFileBytes;
    OpenedRecorder opened = openRecorder(options);
    if (opened.recorder)
        attach(std::move(opened.recorder));
    return opened.error;
}

void RecorderControl::attach(std::shared_ptr<Recorder> recorder)
{
    m_recorder = std::move(recorder);
    m_tap.attach(m_recorder.get());
    Q_EMIT recordingChanged(true);
}

void RecorderControl::stop()
{
    ++m_switches;
    if (!m_recorder)
        return;
    m_tap.detach();
    m_recorder->stop();
    m_recorder.reset();
    Q_EMIT recordingChanged(false);
}

void RecorderControl::switchOff()
{
    ++m_switches; // a switchOn still opening its file is not wanted any more
    if (!m_recorder)
        return;
    m_tap.detach();
    closeInBackground(std::move(m_recorder));
    m_recorder.reset();
    Q_EMIT recordingChanged(false);
}

void RecorderControl::switchOn(const QString &path)
{
    switchOff();
    const uint64_t mine = ++m_switches;
    RecorderOptions options;
    options.path = path;
    options.maxFileBytes = m_maxFileBytes;
    whenFinished(QtConcurrent::run(openRecorder, options), this, [this, mine](OpenedRecorder opened) {
        if (mine != m_switches) {
            closeInBackground(std::move(opened.recorder)); // overtaken by a later switch
            return;
        }
        if (opened.recorder)
            attach(std::move(opened.recorder));
        Q_EMIT switchedOn(opened.error);
    });
}

QString RecorderControl::path() const
{
    return m_recorder ? m_recorder->status().path : QString();
}

RecorderStatus RecorderControl::status() const
{
    return m_recorder ? m_recorder->status() : RecorderStatus {};
}

RecorderIndicator::RecorderIndicator(RecorderControl &control, QWidget *parent)
    : QLabel(parent)
    , m_control(control)
    , m_timer(new QTimer(this))
{
    setContentsMargins(8, 0, 8, 0);
    connect(m_timer, &QTimer::timeout, this, &RecorderIndicator::refresh);
    connect(&m_control, &RecorderControl::recordingChanged, this, &RecorderIndicator::refresh);
    m_timer->start(1000);
    refresh();
}

void RecorderIndicator::refresh()
{
    const RecorderStatus s = m_control.status();
    if (!m_control.isRecording() || s.state == RecorderStatus::State::Stopped) {
        hide();
        return;
    }
    const QString size = QLocale().formattedDataSize(qint64(s.bytes), 1, QLocale::DataSizeSIFormat);
    if (s.state == RecorderStatus::State::Paused) {
        setText(tr("● Recording paused: %1").arg(s.message));
        setStyleSheet(QStringLiteral("color:#f0b400"));
    } else {
        setText(tr("● REC %1").arg(size));
        setStyleSheet(QStringLiteral("color:#ff4d4d"));
    }
    setToolTip(tr("Recording to %1\n%2 frames, %3 events since it started; %4 frames lost")
                   .arg(QDir::toNativeSeparators(s.path))
                   .arg(QLocale().toString(qulonglong(s.frames)))
                   .arg(QLocale().toString(qulonglong(s.events)))
                   .arg(QLocale().toString(qulonglong(s.framesDropped))));
    show();
}

RecordAction::RecordAction(QWidget *window)
    : QAction(tr("&Record the live stream"), window)
    , m_window(window)
{
    setCheckable(true);
    setEnabled(false); // until a recorder is attached
    setToolTip(tr("Keep a flight recording of everything the gateway sends"));
    connect(this, &QAction::triggered, this, &RecordAction::switchRecorder);
}

void RecordAction::setControl(RecorderControl *control)
{
    m_control = control;
    setEnabled(true);
    setChecked(control->isRecording());
    connect(control, &RecorderControl::recordingChanged, this, &QAction::setChecked);
    connect(control, &RecorderControl::switchedOn, this, [this](const QString &error) {
        if (error.isEmpty())
            return;
        setChecked(false);
        QMessageBox::warning(m_window, tr("Cannot record"), error);
    });
}

void RecordAction::switchRecorder(bool on)
{
    if (!m_control)
        return;
    QSettings().setValue(QStringLiteral("recorder/enabled"), on);
    if (on)
        m_control->switchOn(RecorderControl::newSessionPath());
    else
        m_control->switchOff();
}

} // namespace vigil
