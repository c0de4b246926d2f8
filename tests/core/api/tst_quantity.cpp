// Quantity parsing and formatting (core/api/quantity.h), against
// k8s.io/apimachinery/pkg/api/resource: Value() and MilliValue() round up.

#include <QtTest/QtTest>
#include <cstdint>
#include <limits>
#include <string>

#include "core/api/quantity.h"

using berth::core::formatBytes;
using berth::core::formatMilliCpu;
using berth::core::canonicalQuantity;
using berth::core::Quantity;
using berth::core::quantityFormatOf;

namespace {
constexpr qint64 kMax = std::numeric_limits<std::int64_t>::max();
constexpr qint64 kKi = 1024;
constexpr qint64 kMi = kKi * 1024;
constexpr qint64 kGi = kMi * 1024;
}  // namespace

class TestQuantity : public QObject {
    Q_OBJECT

private slots:
    void parseValid_data();
    void parseValid();
    void parseInvalid_data();
    void parseInvalid();
    void formatMilliCpu_data();
    void formatMilliCpu();
    void formatBytes_data();
    void formatBytes();
    void canonical_data();
    void canonical();
};

void TestQuantity::parseValid_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("value");  // ceil(q)
    QTest::addColumn<qint64>("milli");  // ceil(q * 1000)
    QTest::addColumn<bool>("negative");

    // 100 x 10^-3 = 0.1: ceil -> 1; milli 100.
    QTest::newRow("100m") << "100m" << qint64(1) << qint64(100) << false;
    QTest::newRow("1") << "1" << qint64(1) << qint64(1000) << false;
    QTest::newRow("0") << "0" << qint64(0) << qint64(0) << false;
    // 1.5: ceil -> 2; 1.5 x 1000 = 1500.
    QTest::newRow("1.5") << "1.5" << qint64(2) << qint64(1500) << false;
    // 0.5: ceil -> 1; 500 milli.
    QTest::newRow("0.5") << "0.5" << qint64(1) << qint64(500) << false;
    // 2 x 2^30 = 2147483648 bytes; x 1000 for milli.
    QTest::newRow("2Gi") << "2Gi" << 2 * kGi << 2 * kGi * 1000 << false;
    // 1 x 2^10.
    QTest::newRow("1Ki") << "1Ki" << kKi << kKi * 1000 << false;
    // 1.5 x 2^30 = 1610612736, exact.
    QTest::newRow("1.5Gi") << "1.5Gi" << qint64(1610612736) << qint64(1610612736000) << false;
    // 500 x 10^6.
    QTest::newRow("500M") << "500M" << qint64(500000000) << qint64(500000000000) << false;
    // 1 x 10^3 (k is lower case: K alone is not a suffix).
    QTest::newRow("1k") << "1k" << qint64(1000) << qint64(1000000) << false;
    // Decimal exponent: 1 x 10^3.
    QTest::newRow("1e3") << "1e3" << qint64(1000) << qint64(1000000) << false;
    QTest::newRow("1E3") << "1E3" << qint64(1000) << qint64(1000000) << false;
    // 1.5 x 10^-3 = 0.0015: ceil -> 1; x 1000 = 1.5 -> rounds up to 2.
    QTest::newRow("1.5e-3") << "1.5e-3" << qint64(1) << qint64(2) << false;
    // No integer digits: 0.5.
    QTest::newRow(".5") << ".5" << qint64(1) << qint64(500) << false;
    // No fraction digits: 5.
    QTest::newRow("5.") << "5." << qint64(5) << qint64(5000) << false;
    // 0.1 x 10^-3 = 0.0001: ceil -> 1; x 1000 = 0.1 -> rounds up to 1.
    QTest::newRow("0.1m") << "0.1m" << qint64(1) << qint64(1) << false;
    QTest::newRow("+1") << "+1" << qint64(1) << qint64(1000) << false;
    // Negative values parse; callers reject them where the API does.
    QTest::newRow("-1") << "-1" << qint64(-1) << qint64(-1000) << true;
    // -1.5: rounding up means toward +infinity, so -1.
    QTest::newRow("-1.5") << "-1.5" << qint64(-1) << qint64(-1500) << true;
    // 10^12 and 10^15 still fit in int64.
    QTest::newRow("1000000000000") << "1000000000000" << qint64(1000000000000) << qint64(1000000000000000)
                                   << false;
    // 8 x 2^60 = 2^63 > INT64_MAX: both saturate.
    QTest::newRow("8Ei saturates") << "8Ei" << kMax << kMax << false;
    // 10^19 > INT64_MAX (about 9.22 x 10^18).
    QTest::newRow("10E saturates") << "10E" << kMax << kMax << false;
    // clang-format on
}

void TestQuantity::parseValid() {
    QFETCH(QString, text);
    QFETCH(qint64, value);
    QFETCH(qint64, milli);
    QFETCH(bool, negative);
    const auto q = Quantity::parse(text.toStdString());
    QVERIFY2(q.has_value(), qPrintable(text));
    QCOMPARE(qint64(q->value()), value);
    QCOMPARE(qint64(q->milliValue()), milli);
    QCOMPARE(q->negative(), negative);
}

void TestQuantity::parseInvalid_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("letters") << "abc";
    QTest::newRow("two dots") << "1.2.3";
    QTest::newRow("unknown suffix") << "1Q";
    QTest::newRow("suffix only") << "Gi";
    QTest::newRow("space before suffix") << "1 Gi";
    QTest::newRow("double sign") << "--1";
    QTest::newRow("exponent without digits") << "1e";
    QTest::newRow("doubled exponent") << "1ee3";
    QTest::newRow("i without a binary prefix") << "1i";
    QTest::newRow("dot only") << ".";
    QTest::newRow("hex") << "0x10";
    // clang-format on
}

void TestQuantity::parseInvalid() {
    QFETCH(QString, text);
    QVERIFY2(!Quantity::parse(text.toStdString()).has_value(), qPrintable(text));
}

void TestQuantity::formatMilliCpu_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<qint64>("milli");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << qint64(0) << "0";
    // Whole cores print without a suffix.
    QTest::newRow("2 cores") << qint64(2000) << "2";
    QTest::newRow("1500m") << qint64(1500) << "1500m";
    QTest::newRow("250m") << qint64(250) << "250m";
    // clang-format on
}

void TestQuantity::formatMilliCpu() {
    QFETCH(qint64, milli);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(::formatMilliCpu(milli)), expected);
}

void TestQuantity::formatBytes_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << qint64(0) << "0";
    // The largest binary unit that divides evenly.
    QTest::newRow("512Mi") << 512 * kMi << "512Mi";
    QTest::newRow("3Gi") << 3 * kGi << "3Gi";
    // 1.5Gi is not a whole number of Gi: 1536Mi.
    QTest::newRow("1536Mi") << 1536 * kMi << "1536Mi";
    QTest::newRow("1Ki") << kKi << "1Ki";
    QTest::newRow("1Ei") << (qint64(1) << 60) << "1Ei";
    // 1000 is no multiple of 1024: plain bytes.
    QTest::newRow("1000") << qint64(1000) << "1000";
    // clang-format on
}

void TestQuantity::formatBytes() {
    QFETCH(qint64, bytes);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(::formatBytes(bytes)), expected);
}

void TestQuantity::canonical_data() {
    // clang-format off
    // Quantity.String() of the parsed text (quantity.go CanonicalizeBytes), in the text's format.
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("500m")     << "500m"  << "500m";
    // 0.5 -> mantissa 5, exponent -1 -> brought down to -3: 500m.
    QTest::newRow("0.5")      << "0.5"   << "500m";
    // 1000m: trailing zeros stripped to 1 at exponent 0.
    QTest::newRow("1000m")    << "1000m" << "1";
    QTest::newRow("1500m")    << "1500m" << "1500m";
    // 1500000: 15 at exponent 5 -> 1500 at exponent 3: 1500k.
    QTest::newRow("1500000")  << "1500000" << "1500k";
    QTest::newRow("2G")       << "2G"    << "2G";
    // BinarySI keeps the largest power of 1024: 1024Mi is 1Gi, 1.5Gi is 1536Mi.
    QTest::newRow("1024Mi")   << "1024Mi" << "1Gi";
    QTest::newRow("1.5Gi")    << "1.5Gi" << "1536Mi";
    // Below 1024 a BinarySI amount is written DecimalSI: 0.5Ki = 512.
    QTest::newRow("0.5Ki")    << "0.5Ki" << "512";
    // DecimalExponent: 1e3 stays 1e3; 1.5e3 is 15e2 -> 1500 at 0 -> "1500".
    QTest::newRow("1e3")      << "1e3"   << "1e3";
    QTest::newRow("1.5e3")    << "1.5e3" << "1500";
    QTest::newRow("zero")     << "0"     << "0";
    // clang-format on
}

void TestQuantity::canonical() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const std::string t = text.toStdString();
    const auto q = Quantity::parse(t);
    QVERIFY(q);
    QCOMPARE(QString::fromStdString(canonicalQuantity(q->milliValue(), quantityFormatOf(t))), expected);
}

QTEST_APPLESS_MAIN(TestQuantity)
#include "tst_quantity.moc"
