extension UnsafeBufferPointer where Element: AnyObject {
    /// Lends element `i` to `body` without retaining it: the reference is read as plain bits and passed at
    /// +0. For objects every thread shares (fonts), whose reference counts' cache line would otherwise move
    /// between cores with each retain and release. The buffer's owner keeps the object alive meanwhile;
    /// `body` must not keep the reference past the call (storing it retains it, which is safe but costs
    /// what this avoids).
    ///
    /// `Unmanaged.passUnretained(buffer[i])` does not do this: the subscript's load is a retained copy,
    /// and the optimizer keeps that retain when `body` calls code it cannot see into.
    /// - Precondition: `0 <= i < count`.
    @inlinable package func withUnretained<R, E: Error>(_ i: Int, _ body: (Element) throws(E) -> R) throws(E) -> R {
        precondition(i >= 0 && i < count, "index \(i) out of range 0..<\(count)")
        let bits = UnsafeRawPointer(baseAddress! + i).load(as: UnsafeRawPointer.self)
        // `_withUnsafeGuaranteedRef` rethrows untyped errors: the typed one crosses it as a result.
        let result: Result<R, E> = Unmanaged<Element>.fromOpaque(bits)._withUnsafeGuaranteedRef { object in
            do throws(E) { return .success(try body(object)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
