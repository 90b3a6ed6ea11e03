-- Subscribe POSTs as the newsletter form sends them with JavaScript: a new address and a new network
-- each (the per-network limit would otherwise answer 429). BENCH_ORIGIN is the site's own origin.
local counter = 0
local origin = os.getenv("BENCH_ORIGIN")
local run = math.random(1000000000)

request = function()
  counter = counter + 1
  local network = "10." .. (math.floor(counter / 65536) % 256) .. "." .. (math.floor(counter / 256) % 256) .. "." .. (counter % 256)
  local body = "email=load-" .. run .. "-" .. counter .. "%40bench.example&source=footer-newsletter"
  return wrk.format("POST", "/newsletter.data", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Origin"] = origin,
    ["X-Forwarded-For"] = network,
  }, body)
end
