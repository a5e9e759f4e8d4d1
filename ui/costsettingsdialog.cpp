// SPDX-License-Identifier: GPL-3.0-or-later
#include "costsettingsdialog.h"

#include "domain/entitynames.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QVBoxLayout>

#include <cmath>

namespace vigil {

namespace {

// "+09:00", "-5", "5:30", "0": minutes east of UTC, or nullopt.
std::optional<int> parseUtcOffset(const QString &text)
{
    static const QRegularExpression form(QStringLiteral("^\\s*(?:UTC)?\\s*([+-]?)(\\d{1,2})(?::(\\d{2}))?\\s*$"));
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const int minutes = m.captured(2).toInt() * 60 + (m.captured(3).isEmpty() ? 0 : m.captured(3).toInt());
    if (!m.captured(3).isEmpty() && m.captured(3).toInt() >= 60)
        return std::nullopt;
    return m.captured(1) == QLatin1String("-") ? -minutes : minutes;
}

QString formatUtcOffset(int minutes)
{
    return QStringLiteral("%1%2:%3")
        .arg(minutes < 0 ? QLatin1Char('-') : QLatin1Char('+'))
        .arg(std::abs(minutes) / 60, 2, 10, QLatin1Char('0'))
        .arg(std::abs(minutes) % 60, 2, 10, QLatin1Char('0'));
}

// "22-6": the night's first and last hour.
std::optional<std::pair<int, int>> parseNight(const QString &text)
{
    static const QRegularExpression form(QStringLiteral("^\\s*(\\d{1,2})(?::00)?\\s*[-–]\\s*(\\d{1,2})(?::00)?\\s*$"));
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    return std::make_pair(m.captured(1).toInt(), m.captured(2).toInt());
}

// A number as the user's locale writes it, or as C does (settings files, pasted figures).
std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    double value = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        value = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace

QString PricingSettings::validate() const
{
    const QString error = cost.validate();
    return error.isEmpty() ? grit.validate() : error;
}

QString PricingSettings::load(QSettings &settings, PricingSettings &out)
{
    QStringList ignored;
    const auto take = [&](const QString &key, const auto &apply) {
        if (!settings.contains(key))
            return;
        const std::optional<double> value = parseNumber(settings.value(key).toString());
        PricingSettings candidate = out;
        if (value)
            apply(candidate, *value);
        const QString why
            = value ? candidate.validate() : QStringLiteral("“%1” is not a number").arg(settings.value(key).toString());
        if (why.isEmpty())
            out = candidate;
        else
            ignored << QStringLiteral("%1: %2").arg(key, why);
    };
    take(QStringLiteral("cost/pricePerGpuHour"), [](PricingSettings &p, double v) { p.cost.pricePerGpuHour = v; });
    take(QStringLiteral("cost/leadTimeHours"),
         [](PricingSettings &p, double v) { p.cost.leadTimeMs = int64_t(std::llround(v * 3600000.0)); });
    take(QStringLiteral("cost/utcOffsetMinutes"),
         [](PricingSettings &p, double v) { p.grit.utcOffsetMinutes = int(std::clamp(v, -1e6, 1e6)); });
    take(QStringLiteral("cost/nightStartHour"),
         [](PricingSettings &p, double v) { p.grit.nightStartHour = int(std::clamp(v, -1e6, 1e6)); });
    take(QStringLiteral("cost/nightEndHour"),
         [](PricingSettings &p, double v) { p.grit.nightEndHour = int(std::clamp(v, -1e6, 1e6)); });
    for (auto &[type, minutes] : out.grit.effortMinutes) {
        const QString key = QStringLiteral("cost/effortMinutes/%1").arg(eventTypeKey(type));
        EventType t = type;
        take(key, [t](PricingSettings &p, double v) { p.grit.effortMinutes[t] = v; });
    }
    return ignored.isEmpty() ? QString() : ignored.join(QStringLiteral("; "));
}

void PricingSettings::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("cost/pricePerGpuHour"), cost.pricePerGpuHour);
    settings.setValue(QStringLiteral("cost/leadTimeHours"), double(cost.leadTimeMs) / 3600000.0);
    settings.setValue(QStringLiteral("cost/utcOffsetMinutes"), grit.utcOffsetMinutes);
    settings.setValue(QStringLiteral("cost/nightStartHour"), grit.nightStartHour);
    settings.setValue(QStringLiteral("cost/nightEndHour"), grit.nightEndHour);
}

CostSettingsDialog::CostSettingsDialog(const PricingSettings &current, QWidget *parent)
    : QDialog(parent)
    , m_base(current)
    , m_price(new QLineEdit(this))
    , m_leadTime(new QLineEdit(this))
    , m_utcOffset(new QLineEdit(this))
    , m_night(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Pricing the cost of grit"));
    const QLocale l;
    m_price->setText(l.toString(current.cost.pricePerGpuHour, 'f', 2));
    m_leadTime->setText(l.toString(double(current.cost.leadTimeMs) / 3600000.0, 'g', 6));
    m_utcOffset->setText(formatUtcOffset(current.grit.utcOffsetMinutes));
    m_night->setText(QStringLiteral("%1-%2").arg(current.grit.nightStartHour).arg(current.grit.nightEndHour));
    m_price->setToolTip(tr("What one GPU-hour costs you (USD), owned or rented: it turns lost hours into money"));
    m_leadTime->setToolTip(tr("A failure counts as preventable when its cause warned at least this long before "
                              "and was not drained"));
    m_utcOffset->setToolTip(tr("The site's offset from UTC, e.g. +09:00: night-time actions are flagged in "
                               "local time"));
    m_night->setToolTip(tr("The night's first and last hour, local time, e.g. 22-6"));
    m_error->setStyleSheet(QStringLiteral("color:#ff4d4d"));
    m_error->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("Price per GPU-hour (USD):"), m_price);
    form->addRow(tr("Lead time (hours):"), m_leadTime);
    form->addRow(tr("Site time zone (UTC±hh:mm):"), m_utcOffset);
    form->addRow(tr("Night hours:"), m_night);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *edit : { m_price, m_leadTime, m_utcOffset, m_night })
        connect(edit, &QLineEdit::textChanged, this, &CostSettingsDialog::check);
    check();
}

QString CostSettingsDialog::parse(PricingSettings &out) const
{
    out = m_base;
    const std::optional<double> price = parseNumber(m_price->text());
    if (!price)
        return tr("The price per GPU-hour “%1” is not a number.").arg(m_price->text());
    out.cost.pricePerGpuHour = *price;
    const std::optional<double> lead = parseNumber(m_leadTime->text());
    if (!lead)
        return tr("The lead time “%1” is not a number of hours.").arg(m_leadTime->text());
    out.cost.leadTimeMs = int64_t(std::llround(std::clamp(*lead, -1e9, 1e9) * 3600000.0));
    const std::optional<int> offset = parseUtcOffset(m_utcOffset->text());
    if (!offset)
        return tr("The time zone “%1” is not an offset like +09:00 or -5.").arg(m_utcOffset->text());
    out.grit.utcOffsetMinutes = *offset;
    const std::optional<std::pair<int, int>> night = parseNight(m_night->text());
    if (!night)
        return tr("The night hours “%1” are not two hours like 22-6.").arg(m_night->text());
    out.grit.nightStartHour = night->first;
    out.grit.nightEndHour = night->second;
    const QString why = out.validate();
    return why.isEmpty() ? QString() : tr("Not taken: %1.").arg(why);
}

void CostSettingsDialog::check()
{
    PricingSettings parsed;
    const QString error = parse(parsed);
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
}

QString CostSettingsDialog::errorText() const
{
    return m_error->text();
}

bool CostSettingsDialog::acceptable() const
{
    return m_buttons->button(QDialogButtonBox::Ok)->isEnabled();
}

} // namespace vigil
