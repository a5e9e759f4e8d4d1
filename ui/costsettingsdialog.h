// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/costofgrit.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSettings;

namespace vigil {

// What the cost of grit is priced with: the price per GPU-hour, the lead time
// that makes a failure preventable, and the site's time zone and night hours.
struct PricingSettings
{
    CostSettings cost;
    GritSettings grit;

    // Empty when everything makes sense; otherwise what does not.
    QString validate() const;
    // Reads the saved settings; a value that makes no sense is not taken (the
    // default stays) and the returned message says which and why.
    static QString load(QSettings &settings, PricingSettings &out);
    void save(QSettings &settings) const;
};

// Edits PricingSettings. Each field is checked as it is typed; OK stays disabled,
// with the reason shown, while anything makes no sense.
class CostSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CostSettingsDialog(const PricingSettings &current, QWidget *parent = nullptr);
    // The settings as typed, and why they cannot be taken (empty when they can).
    QString parse(PricingSettings &out) const;
    QLineEdit *priceEdit() const { return m_price; }
    QLineEdit *leadTimeEdit() const { return m_leadTime; }
    QLineEdit *utcOffsetEdit() const { return m_utcOffset; }
    QLineEdit *nightEdit() const { return m_night; }
    QString errorText() const;
    bool acceptable() const;

private:
    void check();

    PricingSettings m_base;
    QLineEdit *m_price;
    QLineEdit *m_leadTime;
    QLineEdit *m_utcOffset;
    QLineEdit *m_night;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
};

} // namespace vigil
