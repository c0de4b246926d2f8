# The GUI: berth_qml (the QML module "Berth", qml/) and the thin `berth` executable.
# Included from the top-level CMakeLists.txt so QML files keep their qml/ folder in the
# resource path: qrc:/qt/qml/Berth/qml/Main.qml.
qt_add_library(berth_qml STATIC)
qt_add_qml_module(berth_qml
    URI Berth
    OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/qml/Berth
    VERSION 1.0
    RESOURCE_PREFIX /qt/qml
    QML_FILES
        qml/Main.qml
        qml/panels/MainToolBar.qml
        qml/panels/CanvasView.qml
        qml/panels/QueuePanel.qml
        qml/panels/InspectorPanel.qml
        qml/panels/EventLogPanel.qml
        qml/panels/StatusBar.qml
        qml/panels/OpenDialog.qml
        qml/panels/NarrationPanel.qml
        qml/panels/TraceTable.qml
        qml/panels/UsageBar.qml
        qml/panels/PlannerMenuBar.qml
        qml/panels/PathDialog.qml
        qml/panels/HistoryPanel.qml
        qml/panels/RestoreDialog.qml
        qml/panels/YamlEditorDialog.qml
        qml/panels/ScaleDialog.qml
        qml/panels/RecentFilesMenu.qml
        qml/panels/ViewMenu.qml
        qml/panels/FileDropArea.qml
        qml/panels/OpenErrorDialog.qml
        qml/panels/SchedulerConfigPanel.qml
        qml/panels/TemplatePalette.qml
        qml/panels/PlannerDropLayer.qml
        qml/panels/VerdictDialog.qml
        qml/panels/NodeLabelsDialog.qml
        qml/panels/NodeTaintsDialog.qml
    DEPENDENCIES QtQuick
    IMPORTS Berth.App)

qt_add_executable(berth src/main.cpp)
set_target_properties(berth PROPERTIES AUTOMOC ON)
qt_add_resources(berth berth_demo
    PREFIX /berth
    BASE resources
    FILES resources/demo/demo-cluster.yaml)
target_link_libraries(berth PRIVATE berth_app berth_appplugin berth_qml berth_qmlplugin
                      Qt6::Gui Qt6::Quick Qt6::QuickControls2)
berth_set_warnings(berth)
