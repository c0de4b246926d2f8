// ClusterCanvas: hit tests for drops (nodeAt, podAt, groupAt) and the drag of a pending pod
// out of the tray onto a node card. The canvas only reports the drop (podDropped); whether
// the pod fits there is the core's answer (SimulationController::checkPodOnNode).

#include <algorithm>

#include "app/canvas/cluster_canvas.h"

namespace berth::app {
namespace {

constexpr double kDragThreshold = 4;  // pixels, as for panning

}  // namespace

QString ClusterCanvas::nodeAt(QPointF itemPos) {
    if (!m_nodes) return {};
    const int n = hitNode(toWorld(itemPos));
    return n >= 0 ? m_nodes->rows()[n].name : QString();
}

QString ClusterCanvas::podAt(QPointF itemPos) {
    if (!m_pods) return {};
    const int p = hitPod(toWorld(itemPos));
    return p >= 0 ? m_pods->rows()[p].key : QString();
}

QStringList ClusterCanvas::groupNodesAt(QPointF itemPos) {
    const QVariantMap group = groupAt(itemPos);
    if (group.isEmpty()) return {};
    for (std::size_t i = 0; i < m_layout.groups.size(); ++i) {
        if (m_layout.groups[i].missing || m_layout.groups[i].value != group.value(QStringLiteral("value")).toString())
            continue;
        QStringList names;
        for (const CardBox& b : m_layout.bands[i].cards) names << m_nodes->rows()[b.nodeRow].name;
        return names;
    }
    return {};
}

QVariantMap ClusterCanvas::groupAt(QPointF itemPos) {
    if (!m_nodes || m_groupBy.isEmpty()) return {};
    rebuild();
    const QPointF w = toWorld(itemPos);
    // A group's area: the band from its title to its last card row, across the content.
    for (std::size_t i = 0; i < m_layout.groups.size(); ++i) {
        const Group& g = m_layout.groups[i];
        if (g.missing || g.rows.empty()) continue;
        double top = 1e300, bottom = -1e300;
        for (const CardBox& b : m_layout.bands[i].cards) {
            top = std::min(top, b.card.top());
            bottom = std::max(bottom, b.card.bottom());
        }
        if (top > bottom) continue;
        if (w.y() >= top - canvas_geometry::kGroupHeaderH && w.y() <= bottom && w.x() >= m_content.left() &&
            w.x() <= m_content.right())
            return {{QStringLiteral("key"), m_groupBy}, {QStringLiteral("value"), g.value}};
    }
    return {};
}

QString ClusterCanvas::pendingPodAt(QPointF itemPos) {
    if (!m_pods) return {};
    const int p = hitPod(toWorld(itemPos));
    if (p < 0 || m_pods->rows()[p].phase != PodPhaseUi::Pending) return {};
    return m_pods->rows()[p].key;
}

bool ClusterCanvas::movePodDrag(QPointF itemPos) {
    if (m_pressPod.isEmpty()) return false;
    if (m_dragPod.isEmpty() && (itemPos - m_pressPos).manhattanLength() <= kDragThreshold) return true;
    m_dragPod = m_pressPod;
    m_dragPos = itemPos;
    m_dropNode = nodeAt(itemPos);
    Q_EMIT podDragChanged();
    return true;
}

bool ClusterCanvas::endPodDrag(QPointF itemPos) {
    const QString pod = m_dragPod;
    m_pressPod.clear();
    if (pod.isEmpty()) return false;  // a click: selection as usual
    const QString node = nodeAt(itemPos);
    m_dragPod.clear();
    m_dropNode.clear();
    Q_EMIT podDragChanged();
    if (!node.isEmpty()) Q_EMIT podDropped(pod, node);
    return true;
}

}  // namespace berth::app
