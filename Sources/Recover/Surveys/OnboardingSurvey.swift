import Foundation
import Research

extension RecoverSurveys {
    /// Onboarding: welcome, "Before you join" with four icon items, signed consent, permissions, recovery goals
    /// (the operated knee and the surgery date first, both required), completion.
    public static func onboarding(language: StudyLanguage = .english, consent: ConsentDocument? = nil) -> Survey {
        let text = OnboardingStrings(language)
        let welcome = Step(
            id: Onboarding.welcome,
            title: text.welcomeTitle,
            detail: text.welcomeDetail,
            kind: .instruction(Instruction(imageName: "welcome_header"))
        )
        let overview = Step(
            id: Onboarding.overview,
            title: text.overviewTitle,
            detail: text.overviewDetail,
            kind: .instruction(
                Instruction(
                    imageName: "informed_consent",
                    bodyItems: [
                        BodyItem(text: text.healthDataItem, iconName: "heart.fill", style: .image),
                        BodyItem(text: text.tasksItem, iconName: "checkmark.circle.fill", style: .image),
                        BodyItem(text: text.signatureItem, iconName: "signature", style: .image),
                        BodyItem(
                            text: text.privacyItem,
                            detail: text.privacyDetail,
                            iconName: "lock.fill",
                            style: .image
                        ),
                    ]
                )
            )
        )
        let consent = Step(
            id: Onboarding.signature,
            title: text.consentTitle,
            kind: .consentDocument(consent ?? ConsentDocuments.consent(language: language))
        )
        let permissions = Step(
            id: Onboarding.permissions,
            title: text.permissionsTitle,
            text: text.permissionsText,
            kind: .requestPermissions(
                PermissionRequest(
                    healthRead: [.stepCount, .distanceWalkingRunning, .activeEnergyBurned, .heartRate, .sleepAnalysis],
                    healthWrite: [.stepCount],
                    notifications: true,
                    motionActivity: true
                )
            )
        )
        let goals = Step(
            id: Onboarding.goals,
            title: text.goalsTitle,
            text: text.goalsText,
            kind: .form([
                FormItem(
                    id: Onboarding.operatedKnee,
                    text: text.kneeQuestion,
                    answerFormat: .textChoice(
                        TextChoiceFormat(
                            style: .single,
                            choices: [
                                Choice(text: text.leftKnee, value: RangeOfMotionTask.Limb.left.rawValue),
                                Choice(text: text.rightKnee, value: RangeOfMotionTask.Limb.right.rawValue),
                            ]))
                ),
                // Bounded when the run is made for a participant: their today back to two years before it.
                FormItem(
                    id: Onboarding.surgeryDate,
                    text: text.surgeryDateQuestion,
                    detail: text.surgeryDateDetail,
                    answerFormat: .date(DateFormat())
                ),
                FormItem(
                    id: Onboarding.goalText,
                    text: text.goalQuestion,
                    answerFormat: .text(
                        TextFormat(
                            maximumLength: 280,
                            multipleLines: true,
                            showsCharacterCount: true,
                            showsClearButton: true,
                            placeholder: text.goalPlaceholder
                        )
                    )
                ),
                FormItem(
                    id: Onboarding.targetKneeBend,
                    text: text.kneeBendQuestion,
                    answerFormat: .numeric(NumericFormat(style: .integer, unit: "°", minimum: 0, maximum: 150))
                ),
                FormItem(
                    id: Onboarding.checkinTime,
                    text: text.checkinTimeQuestion,
                    answerFormat: .timeOfDay(TimeOfDayFormat(defaultValue: TimeOfDay(hour: 8, minute: 0))),
                    isOptional: true
                ),
            ])
        )
        let completion = Step(
            id: Onboarding.completion,
            title: text.completionTitle,
            detail: text.completionDetail,
            kind: .completion
        )
        return Survey(id: StudyTaskID.onboarding, steps: [welcome, overview, consent, permissions, goals, completion])
    }
}
