function main (asm, 265 bytes)
    00000  jmp 0000000000000064h
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
    00034  mov rdi,r12
    00037  mov rsi,1
    00041  mov rdx,0
    0004b  mov rax,ADDR
    00055  call rax  ; jit_trap
    00057  jmp 000000000000005Ch
; unwind to the entry from the interpreter
    0005c  mov rsp,[r15+28h]
    00063  ret
; external entry (from the interpreter)
    00064  push rbp
    00065  mov rbp,rsp
    00068  push rbx
    00069  push r12
    0006b  push r13
    0006d  push r14
    0006f  push r15
    00071  mov r12,rdi
    00074  mov r15,ADDR
    0007e  push qword ptr [r15+28h]
    00085  mov r14,ADDR
    0008f  mov r13,[r15+10h]
    00096  sub r13,[r15]
    0009d  lea rax,[0E2h]
    000a4  push rax
    000a5  mov [r15+28h],rsp
    000ac  sub rsp,8
    000b0  mov rdx,rsi
    000b3  sub rsp,10h
    000ba  mov rsi,[rdx]
    000c1  call 8
    000c6  xor edx,edx
    000c8  lea rsp,[rbp-30h]
    000cf  pop rcx
    000d0  mov [r15+28h],rcx
    000d7  pop r15
    000d9  pop r14
    000db  pop r13
    000dd  pop r12
    000df  pop rbx
    000e0  pop rbp
    000e1  ret
    000e2  lea rbp,[rsp+30h]
    000ea  mov edx,1
    000ef  lea rsp,[rbp-30h]
    000f6  pop rcx
    000f7  mov [r15+28h],rcx
    000fe  pop r15
    00100  pop r14
    00102  pop r13
    00104  pop r12
    00106  pop rbx
    00107  pop rbp
    00108  ret

