// SPDX-License-Identifier: GPL-3.0-or-later
#include "detailsdock.h"

#include "entitydetails.h"

#include <QEvent>
#include <QScrollBar>
#include <QTextBrowser>

namespace vigil {

DetailsDock::DetailsDock(QWidget *parent)
    : QDockWidget(parent)
    , m_view(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("detailsDock"));
    setWindowTitle(tr("Details"));
    m_view->setOpenLinks(false);
    setWidget(m_view);
    showGpu({}, -1, {});
}

void DetailsDock::showGpu(const ClusterState &state, int gpu, const std::vector<Event> &recentEvents)
{
    const QString html = gpuDetailsHtml(state, gpu < 0 ? UINT32_MAX : uint32_t(gpu), recentEvents);
    if (html == m_html)
        return;
    // Live values change under the reader's eyes: keep their scroll position.
    const bool sameGpu = gpu == m_gpu;
    const int scroll = m_view->verticalScrollBar()->value();
    m_html = html;
    m_gpu = gpu;
    m_view->setHtml(html);
    if (sameGpu)
        m_view->verticalScrollBar()->setValue(scroll);
}

QString DetailsDock::text() const
{
    return m_view->toPlainText();
}

void DetailsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        setWindowTitle(tr("Details"));
    QDockWidget::changeEvent(event);
}

} // namespace vigil
