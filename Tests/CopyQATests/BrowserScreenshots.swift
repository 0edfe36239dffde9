import Foundation
import TestSupport

/// Runs a browser (or the PNG reader) to its end.
enum Browser {
    /// What `executable` with `arguments` printed (its errors left out), `environment` added to this
    /// process's; stopped after `timeout` seconds (a headless browser that cannot start its
    /// compositor waits for ever).
    static func output(of executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 90) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let stop = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: stop)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        stop.cancel()
        return data
    }
}

/// Debian's headless Firefox, when installed (`.ci/run` installs firefox-esr).
enum Firefox {
    static var path: String? {
        ["/usr/bin/firefox-esr", "/usr/bin/firefox"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A `width`×`height` screenshot of `url` (a PNG file), in a profile of its own.
    static func screenshot(_ url: String, width: Int, height: Int) throws -> URL {
        let folder = Support.tempDirectory("firefox-\(UUID().uuidString)")
        let profile = folder.appendingPathComponent("profile"), shot = folder.appendingPathComponent("shot.png")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        _ = try Browser.output(of: path ?? "/usr/bin/firefox-esr",
                               ["--headless", "--no-remote", "--profile", profile.path, "--window-size=\(width),\(height)", "--screenshot", shot.path, url],
                               environment: ["HOME": folder.path, "MOZ_HEADLESS": "1"])
        return shot
    }
}

extension Chromium {
    /// A `width`×`height` screenshot of `url` once its script ran (a PNG file).
    static func screenshot(_ url: String, width: Int, height: Int) throws -> URL {
        let shot = Support.tempDirectory("chromium-shot").appendingPathComponent("shot-\(UUID().uuidString).png")
        _ = try Browser.output(of: path ?? "/usr/bin/chromium",
                               ["--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                                "--virtual-time-budget=3000", "--window-size=\(width),\(height)", "--screenshot=\(shot.path)", url])
        return shot
    }
}

/// The pixels of a browser's screenshot, read by a few lines of Python's standard library (zlib):
/// how many pixels have each colour, and the colour at given points.
struct Screenshot {
    var width = 0, height = 0
    /// Pixels per colour, `"r,g,b"`.
    var counts: [String: Int] = [:]
    var points: [String] = []
    var distinct: Int { counts.count }

    init(png: URL, at points: [(Int, Int)] = []) throws {
        let data = try Browser.output(of: "/usr/bin/env", ["python3", "-c", Self.reader, png.path] + points.map { "\($0.0),\($0.1)" })
        struct Read: Decodable { var width: Int; var height: Int; var counts: [String: Int]; var points: [String] }
        guard let read = try? JSONDecoder().decode(Read.self, from: data) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: png.path])
        }
        (width, height, counts, self.points) = (read.width, read.height, read.counts, read.points)
    }

    /// `#rrggbb` as `"r,g,b"`.
    static func rgb(_ css: String) -> String {
        stride(from: 1, to: 7, by: 2).map { String(Int(css.dropFirst($0).prefix(2), radix: 16) ?? -1) }.joined(separator: ",")
    }

    /// Reads an 8-bit RGB or RGBA PNG (what both browsers write) and prints its colours as JSON.
    static let reader = #"""
import sys, zlib, struct, json
def read(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, width = 8, b'', 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, 'an 8-bit RGB or RGBA PNG'
            step = 3 if colour == 2 else 4
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * step, [], bytearray(width * step)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - step] if x >= step else 0
            b = previous[x]
            c = previous[x - step] if x >= step else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); previous = line
    return width, height, step, rows
width, height, step, rows = read(sys.argv[1])
counts = {}
for line in rows:
    for x in range(0, len(line), step):
        key = '%d,%d,%d' % (line[x], line[x + 1], line[x + 2])
        counts[key] = counts.get(key, 0) + 1
points = [tuple(map(int, p.split(','))) for p in sys.argv[2:]]
print(json.dumps({'width': width, 'height': height, 'distinct': len(counts), 'counts': counts,
                  'points': ['%d,%d,%d' % tuple(rows[y][x * step:x * step + 3]) for x, y in points]}))
"""#
}
