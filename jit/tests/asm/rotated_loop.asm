function main (asm, 265 bytes)
    00000  jmp 0000000000000064h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov rax,0
    00012  cmp rax,rsi
    00015  jge 0000000000000051h
    0001b  push rbp
    0001c  mov rbp,rsp
    0001f  sub rsp,0
    00026  mov rdi,rsi
    00029  mov esi,0
; line 8: jge
    0002f  cmp rsi,rdi
    00032  jge 0000000000000049h
    00038  nop [rax+rax]
; line 9: add
    00040  add rsi,1
; line 10: jmp
; line 8: jge
    00044  cmp rsi,rdi
    00047  jl 0000000000000040h
; line 12: ret
    00049  mov rax,rsi
    0004c  mov rsp,rbp
    0004f  pop rbp
    00050  ret
; return before the frame
    00051  mov rax,0
    0005b  ret
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
    00085  mov r14,8
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

