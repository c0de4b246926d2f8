# The GUI: the thin `berth` executable over berth_app (Berth.App) and berth_qml (the QML
# module "Berth", declared in qml/CMakeLists.txt).
qt_add_executable(berth src/main.cpp)
set_target_properties(berth PROPERTIES AUTOMOC ON)
qt_add_resources(berth berth_demo
    PREFIX /berth
    BASE resources
    FILES resources/demo/demo-cluster.yaml)
target_link_libraries(berth PRIVATE berth_app berth_appplugin berth_qml berth_qmlplugin
                      Qt6::Gui Qt6::Quick Qt6::QuickControls2 Qt6::Widgets)
target_compile_definitions(berth PRIVATE BERTH_VERSION="${PROJECT_VERSION}")  # --version, About
berth_set_warnings(berth)
