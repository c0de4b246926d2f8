#include "app/capacity/plan_question.h"

#include "app/models/operation_list_model.h"

namespace berth::app {

PlanQuestion::~PlanQuestion() {
    if (m_progress) m_progress->cancel();
}

void PlanQuestion::drop() {
    if (m_progress) m_progress->cancel();
    m_progress.reset();
    ++m_serial;
}

void PlanQuestion::begin(OperationListModel& operations, const QString& title) {
    ++m_serial;
    m_progress = std::make_shared<core::Progress>();
    operations.begin(title, m_progress);
}

}  // namespace berth::app
