function main (asm, 120 bytes)
    00000  jmp 0000000000000041h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 6: load
    00013  lea rax,[rsi+1]
    0001b  cmp rax,8
    00022  jae 0000000000000034h
    00028  mov rsi,[r14+rax*8]
; line 7: ret
    0002c  mov rax,rsi
    0002f  mov rsp,rbp
    00032  pop rbp
    00033  ret
; trap: memory access out of bounds at line 6
    00034  xor edx,edx
    00036  jmp qword ptr [68h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    0003c  mov rsp,[r15+28h]
    00040  ret
; external entry (from the interpreter)
    00041  mov rax,ADDR
    0004b  mov rcx,ADDR
    00055  lea r11,[8]
    0005c  jmp qword ptr [70h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00068  dq ADDR  ; glue: memory access out of bounds through jit_trap
    00070  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

