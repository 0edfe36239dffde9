/// The one way the running app's actions are run, in the shape of TCA's store: an action is
/// reduced, its effects run, and the actions they answer with are queued after it, first in,
/// first out. When the queue is empty `idle` may add more (a rule that applies once everything
/// queued has settled); the run ends when it adds none.
///
/// The app's runtime (`AppController.send`) runs every input through it; a session used without
/// an app (its own tests, the headless sampler) runs its flow events through the same queue.
public enum ActionQueue {
    /// Runs `first`, then every action `step` answers with, then whatever `idle` adds.
    @inlinable
    public static func run<Action>(_ first: Action, step: (Action) -> [Action], idle: () -> [Action] = { [] }) {
        var queue = [first]
        var next = 0
        while true {
            while next < queue.count {
                let action = queue[next]
                next += 1
                queue += step(action)
            }
            let more = idle()
            if more.isEmpty { return }
            queue += more
        }
    }
}
