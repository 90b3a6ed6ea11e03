-- A flood of addresses no reader has asked for before: the article with a random query the page does not
-- read, the blog with a random search, page number, category or tag. BENCH_ARTICLE is the article's path.
local counter = 0
local article = os.getenv("BENCH_ARTICLE")
local run = math.random(1000000000)

request = function()
  counter = counter + 1
  local token = run .. "x" .. counter
  local kind = counter % 5
  local path
  if kind == 0 then path = article .. "?u=" .. token
  elseif kind == 1 then path = "/blog?q=" .. token
  elseif kind == 2 then path = "/blog?page=" .. (counter % 900000 + 2)
  elseif kind == 3 then path = "/blog?category=" .. token
  else path = "/blog?tag=" .. token .. "&utm_source=" .. token end
  return wrk.format("GET", path)
end
