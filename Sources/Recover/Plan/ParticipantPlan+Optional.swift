import Care

extension ParticipantPlan {
    /// The optional tasks added with the check-in: the knee-bend video (weekly, all day) and the hearing
    /// screening (every four weeks, all day), both from the day onboarding was completed and neither
    /// counted in adherence.
    public static func optionalTasks(patientID: String, from day: LocalDate) -> [CareTask] {
        let plan = carePlanID(patientID: patientID)
        let video = CareTask(
            id: taskID(StudyTaskID.kneeBendVideo, patientID: patientID),
            title: "Knee bend video",
            carePlanID: plan,
            schedule: Schedule(.weeklyAllDay(from: day)),
            impactsAdherence: false,
            groupIdentifier: StudyTaskID.kneeBendVideo,
            effectiveDate: day.startOfDay
        )
        let hearing = CareTask(
            id: taskID(StudyTaskID.hearingScreening, patientID: patientID),
            title: "Hearing screening",
            carePlanID: plan,
            schedule: Schedule(.weeklyAllDay(from: day, every: 4)),
            impactsAdherence: false,
            groupIdentifier: StudyTaskID.hearingScreening,
            effectiveDate: day.startOfDay
        )
        return [video, hearing]
    }
}
