import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// File > Export placements: a path, a format and a namespace. The caller's `accept(url,
// overwrite)` reads `format` and `namespace` (no controller here: testable on its own).
PathDialog {
    id: dialog
    title: qsTr("Export placements")
    /// The exporter's format name (SimulationController::exportPlacements).
    readonly property string format: formatBox.currentValue
    /// The namespace to export; "" for all.
    readonly property string exportNamespace: namespaceField.text.trim()

    ComboBox {
        id: formatBox
        Layout.fillWidth: true
        textRole: "text"
        valueRole: "value"
        model: [
            { value: "pods", text: qsTr("Pods with spec.nodeName (YAML)") },
            { value: "bindings", text: qsTr("List of v1 Binding (YAML)") },
            { value: "json", text: qsTr("Placement report (JSON)") },
            { value: "csv", text: qsTr("Placement report (CSV)") },
            { value: "workloads", text: qsTr("Workloads (YAML) + <name>.placements.csv beside it") }
        ]
    }
    TextField { id: namespaceField; Layout.fillWidth: true; placeholderText: qsTr("Namespace (empty: all)") }
}
