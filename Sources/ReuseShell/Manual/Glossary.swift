/// The words the lessons, the help and the output use, each defined once:
/// `help glossary` lists them, `help glossary TERM` gives one.
///
/// Entries are in alphabetical order of their first name; an entry answers
/// to each of its names (`unapply` finds "apply, unapply").
enum Glossary {
    struct Entry: Sendable {
        /// The names it answers to, the first one listed.
        let names: [String]
        let definition: String

        var title: String { names.joined(separator: ", ") }
    }

    static let entries: [Entry] = [
        Entry(names: ["apply", "unapply", "applicator", "unapplicator"], definition: """
            An applicator sets an attribute's property on a view (or adds an entry, for an additive attribute such as \
            tap); an unapplicator undoes it: the property back to the class default, or the entry removed. Systems \
            that unapply do it before applying a new configuration; the others leave the old value until something \
            sets it.
            """),
        Entry(names: ["attribute", "additive"], definition: """
            A named property a component sets on its view (backgroundColor: red). Built in, or declared with \
            'attribute'. It sets a value or, if additive ('adds'), adds an entry (a tap handler); it may have an \
            unapplicator ('unapply') and an updater ('update').
            """),
        Entry(names: ["attribute shape", "shape"], definition: """
            The names of a configuration's attributes, without their values: [backgroundColor, tap]. theodolite keys \
            its pools by it, so a view only goes to a configuration that sets the same properties, and nothing an \
            old one set is left behind.
            """),
        Entry(names: ["bind", "binding", "cellForRowAt", "onBindViewHolder", "configure"], definition: """
            Giving a cell its row's data: UIKit's cellForRowAt (or a cell registration's handler), RecyclerView's \
            onBindViewHolder, IGListKit's cellForItem. Platforms set all of a row's content here, every time; \
            what the bind leaves unset stays from the row the cell showed before.
            """),
        Entry(names: ["cache", "view cache"], definition: """
            RecyclerView's holders kept by position after their rows left (2, plus the rows prefetched): the same \
            row coming back gets its own holder, still bound, nothing applied. Not a pool: no other row can take a \
            cached view; the oldest goes to the pool when the cache is full.
            """),
        Entry(names: ["cell", "holder", "ViewHolder"], definition: """
            The view a list row shows: UIKit's cell, RecyclerView's ViewHolder (its itemView), a LithoView shell. \
            The list makes it and hands it from row to row; what it showed before stays unless something sets it.
            """),
        Entry(names: ["component"], definition: """
            A named description of a view: its view class, attributes and children ('component Card view UIView \
            { ... } children Title'). A mounted component is an instance; a component with no view ('viewless') \
            only groups its children.
            """),
        Entry(names: ["configuration"], definition: """
            What an instance asks of its view: the view class and each attribute with its value. It is attached to \
            the view when applied; a system that compares can skip an equal one.
            """),
        Entry(names: ["content type", "contentType"], definition: """
            Compose's grouping of a lazy list's items: a slot deactivated by one item is reused only by an item of \
            the same content type ('contenttype on'), or by any item when there is none (upstream's default).
            """),
        Entry(names: ["dequeue", "queue"], definition: """
            Taking a cell for a row: UIKit's dequeue takes the top cell waiting under the row's identifier (after \
            its prepareForReuse) or makes a new one; RecyclerView takes from the pool of the view type.
            """),
        Entry(names: ["detached"], definition: """
            A view in no superview, waiting to be taken: RecyclerView's recycled holders, Valdi's and Litho's global \
            pools. Counted with hidden views: it left the screen for a pool.
            """),
        Entry(names: ["global pool"], definition: """
            One pool for the whole screen rather than per parent: Valdi's per view class, Litho's per component type. \
            A view taken from it moves to whichever parent takes it.
            """),
        Entry(names: ["hidden", "waiting"], definition: """
            A view nobody took in a pass: it stays in its parent, hidden, waiting in its pool for the next instance \
            of its key. 'pools' lists a pool's views in use and waiting; the waiting ones are marked hidden.
            """),
        Entry(names: ["hook", "reuse hook", "prepareForReuse", "onViewRecycled"], definition: """
            Code a system runs on a view as it is pooled or handed on: UIKit's prepareForReuse, RecyclerView's \
            onViewRecycled, ComponentKit's didEnterReusePool, Litho's @OnUnmount. 'prepare' says what it resets or \
            cancels. Platforms keep it for what is not content (alpha, editing, selection); content is set on every \
            bind.
            """),
        Entry(names: ["identifier", "reuse identifier", "registration", "register"], definition: """
            UIKit's reuse identifier: 'register LIST CELL [as ID]' ties a cell type to an identifier, and cells \
            dequeue by identifier, one queue each. An unregistered cell raises; an unregistered header shows \
            nothing.
            """),
        Entry(names: ["instance"], definition: """
            One mounted use of a component, named by its path. Its view may change from pass to pass; the \
            instance stays.
            """),
        Entry(names: ["item", "row"], definition: """
            A row is a position in a list; an item is the data it shows ({i} in an attribute is the item's number). \
            insert and delete move items between rows: cells and state follow items or stay by row, as the system \
            does.
            """),
        Entry(names: ["key", "ViewKey", "pool key"], definition: """
            What a pool is keyed by, printed in parentheses: under theodolite (component type, view class, \
            attribute shape), (Card, UIView, [alpha]); other systems key by view class, identifier, view type or \
            item type. A view is only taken for an instance of the same key. A list's 'key index|id' is another \
            thing: what identifies its items.
            """),
        Entry(names: ["leak", "stale"], definition: """
            A property a visible view shows that a fresh view with the same configuration would not: a value \
            another item set, never reset. 'check' lists them, 'why' says who set it. A stale row shows its old \
            item because the system was not told of a change.
            """),
        Entry(names: ["list", "list host", "viewport"], definition: """
            'list NAME rows N viewport K cells ...' declares a scrolling list of N rows, K on screen. Its host is \
            the scroll view whose subviews are the visible rows' cells; scroll moves the window of rows.
            """),
        Entry(names: ["load", "late result"], definition: """
            An asynchronous result ('loads ATTR VALUE after N'): started when a row is bound, it lands N passes \
            later on the view it captured, whatever that view shows by then, unless cancelled or checked.
            """),
        Entry(names: ["mount", "remount"], definition: """
            Building the view tree from components: each instance takes a view from its parent's pool of its key, \
            or a new one, and its configuration is applied. 'remount' runs a pass over what is mounted.
            """),
        Entry(names: ["pass"], definition: """
            One run of the reuse algorithm over the tree, by a command that changes it (mount, scroll, set, hide, \
            reload). Passes are numbered from 1; '--pass N' looks at the state after pass N.
            """),
        Entry(names: ["path", "PATH"], definition: """
            An instance's name: names from the root joined by '/', Name[index] among namesakes, row numbers in \
            lists (Feed/3/Title). Commands take a path or a view id.
            """),
        Entry(names: ["pool"], definition: """
            The views of one key under one parent, those in use and those waiting (hidden or detached): a view \
            nobody takes waits in its pool, and the next instance of the key takes it. Some systems have one \
            global pool for the screen, and RecyclerView keeps a view cache beside its pools.
            """),
        Entry(names: ["prefetch"], definition: """
            Binding rows ahead of a scroll (RecyclerView's GapWorker, UIKit's prefetching, Compose's prefetch): the \
            row arrives with a view already configured, off screen until then.
            """),
        Entry(names: ["render"], definition: """
            Running a component's function to produce what its views show: Valdi renders per bind (valdi-rebind) \
            or once per item up front (valdi-attach); FlashList and Compose re-render a reused cell with its new \
            item, and only what changed is set.
            """),
        Entry(names: ["reuse", "recycle"], definition: """
            Giving a view that showed one instance to another. Its properties stay until something sets or resets \
            them: what the system then applies, skips or leaves is what each strategy models.
            """),
        Entry(names: ["scrap"], definition: """
            RecyclerView's views taken off the list during one layout and taken back by their own positions in the \
            same layout, still bound.
            """),
        Entry(names: ["skip"], definition: """
            Nothing applied, because the configuration (or, for systems that diff, the attribute) equals the one \
            attached to the view.
            """),
        Entry(names: ["slot"], definition: """
            A unit a list reuses whole: Compose's composition for a row, reused by key and then by content type; \
            Valdi's cell with its root component.
            """),
        Entry(names: ["snapshot"], definition: """
            A diffable data source's list of item identifiers (uikit-diffable): applying a new one inserts, deletes \
            and moves rows by identifier; a row whose identifier did not change is not reconfigured.
            """),
        Entry(names: ["state", "component state"], definition: """
            UI state of a component ('state PATH NAME VALUE'), such as a liked flag, kept where the system keeps \
            it: on the cell (UIKit), with the item (Theodolite, ComponentKit), in a slot (Compose's remember). It \
            travels with reused views where the system keeps it on them.
            """),
        Entry(names: ["strategy"], definition: """
            A reuse system modelled ('strategy NAME'): its pools, keys, hooks and rules, each taken from the \
            system's code ('help strategy NAME'). 'compare' replays a session under each.
            """),
        Entry(names: ["token"], definition: """
            What 'register' prints: the registration it made, numbered (token 1: Feed dequeues Post cells with \
            identifier "Post").
            """),
        Entry(names: ["update", "updater"], definition: """
            Replacing an attribute's old value with the new one in place (ComponentKit's updaters), instead of \
            unapplying the old and applying the new.
            """),
        Entry(names: ["view", "view id", "VIEW"], definition: """
            A simulated view (v7, root is v1) with a class, properties, subviews and pools. Commands take a view \
            id, or the path of the instance holding it.
            """),
        Entry(names: ["view type"], definition: """
            RecyclerView's key for holders (here, the cell's component): one pool per view type, 5 holders each \
            by default.
            """),
    ]

    /// The entry one of whose names is `term` (any case; a plural as its
    /// singular: `pools`, `caches`).
    static func entry(_ term: String) -> Entry? {
        let wanted = term.lowercased()
        var forms = [wanted]
        if wanted.hasSuffix("es") { forms.append(String(wanted.dropLast(2))) }
        if wanted.hasSuffix("s") { forms.append(String(wanted.dropLast())) }
        for form in forms {
            if let entry = entries.first(where: { $0.names.contains { $0.lowercased() == form } }) { return entry }
        }
        return nil
    }

    /// Every name, for suggestions.
    static var names: [String] { entries.flatMap(\.names) }
}
